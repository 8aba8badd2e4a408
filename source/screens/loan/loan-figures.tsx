// The loan's own figures, as the detail shows them: amounts, interest, rate and APR, collateral, the LTV gauge with
// its numbers, the price falls to the margin call and the liquidation, risk in words, times.
import React from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {fall, ltvGauge, owed} from '../../format/loans.js';
import {amount, fixedPercent, significantDecimals} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {expiry, localDateTimeWithOffset} from '../../format/time.js';
import {annualRate, riskOf, type RiskLevel} from '../../loans/ltv.js';
import type {Theme} from '../../ui/theme.js';

const LABEL = 18;

/** Risk as a symbol beside its word: never colour alone. */
export const RISK_SYMBOL: Record<RiskLevel, string> = {liquidation: '✖', 'margin-call': '▲', near: '△', ok: '✓'};

export function LoanFigures({loan, now, theme}: {loan: OngoingLoan; now: number; theme: Theme}) {
	const risk = riskOf(loan);
	const loanCoin = sanitize(loan.loanCoin);
	const pledgeCoin = sanitize(loan.pledgeCoin);
	const owedNow = owed(loan);
	// One number of decimals for the three amounts of the loan coin.
	const places = Math.min(8, Math.max(...[loan.loanAmount, loan.interestAmount, owedNow].map(significantDecimals)));
	const rows: Array<[string, string, string?]> = [
		['Borrowed', `${amount(loan.loanAmount, places)} ${loanCoin}`],
		['Interest accrued', `${amount(loan.interestAmount, places)} ${loanCoin}`],
		['Owed now', `${amount(owedNow, places)} ${loanCoin}`],
		['Hourly rate', `${fixedPercent(loan.hourInterestRate, 5)} per hour (APR ${fixedPercent(annualRate(loan.hourInterestRate), 2)})`],
		['Collateral', `${amount(loan.pledgeAmount, significantDecimals(loan.pledgeAmount))} ${pledgeCoin}`],
		['LTV', ltvGauge(loan, 24)],
		['Margin call', `if ${pledgeCoin} falls ${fall(risk.moveToMarginCall)} against ${loanCoin}`],
		['Liquidation', `if ${pledgeCoin} falls ${fall(risk.moveToLiquidation)} against ${loanCoin}`],
		['Risk', `${RISK_SYMBOL[risk.level]} ${risk.label}`, risk.level === 'ok' ? undefined : risk.level === 'near' ? theme.warn : theme.bad],
		['Borrowed at', localDateTimeWithOffset(loan.borrowTime)],
		['Expires', loan.expireTime === '0' ? 'none (flexible)' : `${localDateTimeWithOffset(loan.expireTime)} (${expiry(loan.expireTime, now)})`],
	];
	return (
		<Box flexDirection="column">
			{rows.map(([label, value, color]) => (
				<Text key={label} wrap="truncate">
					{'  '}
					{label.padEnd(LABEL)}
					<Text color={color} bold={color !== undefined}>
						{value}
					</Text>
				</Text>
			))}
		</Box>
	);
}
