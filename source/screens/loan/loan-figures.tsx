// The loan's own figures, as the detail shows them: amounts, interest, rate and APR, collateral, the LTV gauge with
// its numbers, the price falls to the margin call and the liquidation, risk in words, times.
import React from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {loanDetailRows, RISK_SYMBOL} from '../../format/loans.js';
import type {Theme} from '../../ui/theme.js';

const LABEL = 18;

export function LoanFigures({loan, now, theme}: {loan: OngoingLoan; now: number; theme: Theme}) {
	const {rows: figures, risk} = loanDetailRows(loan, now);
	const riskColor = risk.level === 'ok' ? undefined : risk.level === 'near' ? theme.warn : theme.bad;
	const rows: Array<[string, string, string?]> = figures.map(([label, value]) =>
		label === 'Risk' ? [label, `${RISK_SYMBOL[risk.level]} ${value}`, riskColor] : [label, value],
	);
	// A value too long for the line wraps under itself (the LTV's call and liquidation marks are never cut off).
	return (
		<Box flexDirection="column">
			{rows.map(([label, value, color]) => (
				<Box key={label}>
					<Box width={LABEL + 2} flexShrink={0}>
						<Text>
							{'  '}
							{label}
						</Text>
					</Box>
					<Box flexShrink={1}>
						<Text wrap="wrap" color={color} bold={color !== undefined}>
							{value}
						</Text>
					</Box>
				</Box>
			))}
		</Box>
	);
}
