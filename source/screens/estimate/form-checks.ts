// What the form's values are worth before anything is asked: each field checked (api/validate.ts), a pair of one
// coin refused, and a coin Bitget does not lend (or take as collateral) refused in the Borrow wizard's words. Then
// what each field says under it, and what still stands between the form and an estimate.
import {checkAmount, checkCoin, type Checked} from '../../api/validate.js';
import type {LimitCheck} from '../../loans/limits.js';
import {coinListProblem, pairProblem} from '../../ui/fields/coin-rules.js';
import {amountField, type EstimateFormState, type TextFieldName} from './reducer.js';

export interface FormChecks {
	loanCoin: Checked<string>;
	pledgeCoin: Checked<string>;
	/** The amount of the mode: the pledge amount, or the amount to borrow. */
	amount: Checked<string>;
	/** The two coins are one. */
	pairError: string | undefined;
	/** A coin the coin list does not have (nothing while that list is not read: the server judges then). */
	listProblem: {loanCoin?: string; pledgeCoin?: string};
}

export const FIELD_LABELS: Record<TextFieldName, string> = {
	loanCoin: 'Loan coin',
	pledgeCoin: 'Pledge coin',
	pledgeAmount: 'Pledge amount',
	loanAmount: 'Loan amount',
};

/** `coins`: Bitget's loanable (or pledgeable) coins, once read (use-coin-info-lookup.ts). */
export function checkForm(form: EstimateFormState, coins: (kind: 'loan' | 'pledge') => readonly string[] | undefined): FormChecks {
	const loanMode = form.amountMode === 'loan';
	const loanCoin = checkCoin(form.loanCoin, 'loan coin');
	const pledgeCoin = checkCoin(form.pledgeCoin, 'pledge coin');
	const amount = checkAmount(form[amountField(form.amountMode)], loanMode ? 'loan amount' : 'pledge amount');
	const pairError = loanCoin.ok && pledgeCoin.ok ? pairProblem(loanCoin.value, pledgeCoin.value) : undefined;
	// A coin Bitget does not lend (or take as collateral) is refused here, in the Borrow wizard's words, and asks the
	// server nothing; so no estimate goes out before the coin list has answered (a failed read leaves the server to judge).
	const listProblem = {
		loanCoin: loanCoin.ok ? coinListProblem(loanCoin.value, 'loan', coins('loan')) : undefined,
		pledgeCoin: pledgeCoin.ok ? coinListProblem(pledgeCoin.value, 'pledge', coins('pledge')) : undefined,
	};
	return {loanCoin, pledgeCoin, amount, pairError, listProblem};
}

/** What a field says under it; `limits`: the loan coin's min/max against the amount to borrow. */
export function fieldError(form: EstimateFormState, checks: FormChecks, limits: LimitCheck, field: TextFieldName): string | undefined {
	const value = form[field];
	const isAmount = field === 'pledgeAmount' || field === 'loanAmount';
	const checked = isAmount ? checks.amount : field === 'loanCoin' ? checks.loanCoin : checks.pledgeCoin;
	if (field === 'pledgeCoin' && checks.pairError) return checks.pairError;
	// Said once the field is left: "US" on its way to "USDT" is not wrong yet.
	if ((field === 'loanCoin' || field === 'pledgeCoin') && checks.listProblem[field] && form.focus !== field) return checks.listProblem[field];
	if (field === 'loanAmount' && !limits.ok) return limits.reason;
	if (checked.ok) return undefined;
	// An amount on its way (`1.` before `1.5`, `0` before `0.5`) is not wrong yet: said once the field is left.
	if (isAmount && form.focus === field && amountUnderway(value)) return undefined;
	return value.trim() !== '' || form.visited.includes(field) ? checked.message : undefined;
}

/** What still stands between the form and an estimate, in the fields' own words. */
export function missingValues(form: EstimateFormState, errors: Partial<Record<TextFieldName, string>>): string[] {
	return (['loanCoin', 'pledgeCoin', amountField(form.amountMode)] as const).flatMap((name) => {
		if (form[name].trim() === '') return [`type the ${FIELD_LABELS[name].toLowerCase()}`];
		const problem = errors[name];
		return problem ? [problem] : [];
	});
}

/** Digits that more typing can still make a valid amount: a trailing point, or nothing but zeros so far. */
function amountUnderway(value: string): boolean {
	const text = value.trim();
	return /^\d*\.$/.test(text) || /^0*\.?0*$/.test(text);
}
