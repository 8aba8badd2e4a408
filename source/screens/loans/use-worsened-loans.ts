// A loan whose risk worsens while the list is on screen is announced: the terminal bell and a line naming the loan,
// its risk before and now, in words (never colour alone). Worse is measured against the level last shown, read or
// projected from a live price (operations/watch-live.ts); a loan first shown is not "worse".
import {useEffect, useRef, useState} from 'react';
import type {OngoingLoan} from '../../api/loan-types.js';
import {RISK_LABEL, RISK_SEVERITY, riskOf, type RiskLevel} from '../../loans/risk.js';
import {sanitize} from '../../format/sanitize.js';
import {ltvPercent} from '../../format/money.js';

export function useWorsenedLoans(loans: readonly OngoingLoan[], projected: ReadonlySet<string>, bell: (() => void) | undefined): string | undefined {
	const last = useRef(new Map<string, RiskLevel>());
	const [message, setMessage] = useState<string | undefined>(undefined);
	useEffect(() => {
		const worse: string[] = [];
		for (const loan of loans) {
			const risk = riskOf(loan);
			const before = last.current.get(loan.orderId);
			if (before !== undefined && RISK_SEVERITY[risk.level] > RISK_SEVERITY[before]) {
				worse.push(
					`▲ worse: ${sanitize(loan.pledgeCoin)}/${sanitize(loan.loanCoin)} ${loan.orderId} ${RISK_LABEL[before]} → ${risk.label}, LTV ${ltvPercent(loan.pledgeRate)}${projected.has(loan.orderId) ? ' (live price)' : ''}`,
				);
			}
			last.current.set(loan.orderId, risk.level);
		}
		if (worse.length === 0) return;
		bell?.();
		setMessage(worse.join(' · '));
	}, [loans, projected, bell]);
	return message;
}
