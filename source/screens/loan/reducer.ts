// A loan's detail and its action forms as plain state: from the detail, repay (all or part; release the collateral
// or keep it) or add / withdraw collateral, each up to a review. What happens after the review's y is the money
// post's (ui/money). Local checks happen here, before any review: an amount that is not a positive decimal, a
// repayment above what is owed, a withdrawal at or above the margin-call LTV.
import type {OngoingLoan} from '../../api/loan-types.js';
import {checkAmount} from '../../api/validate.js';
import {checkCollateralChange} from '../../loans/ltv.js';
import {repayPreview} from '../../loans/repay-preview.js';
import {withCoin} from '../../format/money.js';
import {nextChoice, type ChoiceMove} from '../../ui/fields/choice-field.js';
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';

/** The app's way to all of it: the first choice of the step before the amount. */
const REPAY_ALL_INSTEAD = 'Esc, then choose All';

type LoanAction = 'repay' | 'add' | 'withdraw';
export type LoanStep = 'view' | 'repay-mode' | 'amount' | 'repay-unlock' | 'review';

export interface LoanActionState {
	step: LoanStep;
	action?: LoanAction;
	/** Repay everything (principal and interest) or `amount`. */
	repayAll: boolean;
	/** Release collateral on a partial repayment (repayUnlock); a full one always releases it all. */
	unlock: boolean;
	amount: string;
	cursor: number;
	/** Why the amount was not accepted (nothing is sent). */
	error?: string;
}

export type LoanActionEvent =
	| {type: 'start'; action: LoanAction}
	| {type: 'select'; move: ChoiceMove}
	| {type: 'text'; edit: TextEdit}
	/** Enter: the next step, checked against the loan's current figures. */
	| {type: 'submit'; loan: OngoingLoan}
	| {type: 'back'}
	/** The action is over (its result was read): back to the detail. */
	| {type: 'finish'};

export const initialLoanAction: LoanActionState = {step: 'view', repayAll: true, unlock: true, amount: '', cursor: 0};

const REPAY_MODES = [true, false] as const;
const UNLOCK_CHOICES = [true, false] as const;

export function loanActionReducer(state: LoanActionState, event: LoanActionEvent): LoanActionState {
	switch (event.type) {
		case 'start':
			if (state.step !== 'view') return state;
			return {...initialLoanAction, action: event.action, step: event.action === 'repay' ? 'repay-mode' : 'amount'};
		case 'select':
			if (state.step === 'repay-mode') return {...state, repayAll: REPAY_MODES[nextChoice(state.repayAll ? 0 : 1, 2, event.move)]!};
			if (state.step === 'repay-unlock') return {...state, unlock: UNLOCK_CHOICES[nextChoice(state.unlock ? 0 : 1, 2, event.move)]!};
			return state;
		case 'text': {
			if (state.step !== 'amount') return state;
			const next = applyTextEdit({value: state.amount, cursor: state.cursor}, event.edit);
			return {...state, amount: next.value, cursor: next.cursor, error: next.value === state.amount ? state.error : undefined};
		}
		case 'submit':
			return submit(state, event.loan);
		case 'back':
			return back(state);
		case 'finish':
			return initialLoanAction;
	}
}

function submit(state: LoanActionState, loan: OngoingLoan): LoanActionState {
	switch (state.step) {
		case 'repay-mode':
			return state.repayAll ? {...state, step: 'review', unlock: true} : {...state, step: 'amount', cursor: state.amount.length};
		case 'amount': {
			const label = state.action === 'repay' ? 'repay amount' : 'collateral amount';
			const checked = checkAmount(state.amount, label);
			if (!checked.ok) return {...state, error: checked.message};
			const value = checked.value;
			if (state.action === 'repay') {
				const preview = repayPreview(loan, {all: false, amount: value, unlock: state.unlock, allInstead: REPAY_ALL_INSTEAD, withCoin});
				if (!preview.ok) return {...state, error: preview.reason};
				return {...state, amount: value, cursor: value.length, step: 'repay-unlock', error: undefined};
			}
			const check = checkCollateralChange(loan, state.action === 'add' ? 'add' : 'withdraw', value);
			if (!check.ok) return {...state, error: check.reason};
			return {...state, amount: value, cursor: value.length, step: 'review', error: undefined};
		}
		case 'repay-unlock':
			return {...state, step: 'review'};
		default:
			return state;
	}
}

function back(state: LoanActionState): LoanActionState {
	switch (state.step) {
		case 'view':
			return state;
		case 'repay-mode':
			return initialLoanAction;
		case 'amount':
			return state.action === 'repay' ? {...state, step: 'repay-mode', error: undefined} : {...initialLoanAction};
		case 'repay-unlock':
			return {...state, step: 'amount'};
		case 'review':
			if (state.action !== 'repay') return {...state, step: 'amount'};
			return state.repayAll ? {...state, step: 'repay-mode'} : {...state, step: 'repay-unlock'};
	}
}
