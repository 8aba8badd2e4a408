// A loan's detail and its action forms as plain state: from the detail, repay (all or part; release the collateral
// or keep it) or add / withdraw collateral, each up to a review. What happens after the review's y is the money
// post's (ui/money). Local checks happen here, before any review: an amount that is not a positive decimal, a
// repayment above what is owed, a withdrawal at or above the margin-call LTV. The detail's own settings (the safety
// margin of "max withdrawable", the target LTV of "add") are typed here too, and kept across actions.
import Big from 'big.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import type {LoanTargetMemory} from '../../services/input-memory.js';
import {LTV_PERCENT_RULE, MARGIN_POINTS_RULE, parseLtvPercent, parseMarginPoints} from '../../loans/targets.js';
import {checkAmount} from '../../api/validate.js';
import {checkCollateralChange} from '../../loans/ltv.js';
import {repayPreview} from '../../loans/repay-preview.js';
import {withCoin} from '../../format/money.js';
import {nextChoice, type ChoiceMove} from '../../ui/fields/choice-field.js';
import {applyTextEdit, type TextEdit} from '../../ui/fields/text-editing.js';

/** The app's way to all of it: the first choice of the step before the amount. */
const REPAY_ALL_INSTEAD = 'Esc, then choose All';

type LoanAction = 'repay' | 'add' | 'withdraw';
/** A setting of the detail's amounts, typed in a field of its own (m, t): not an action, nothing is sent. */
export type LoanSetting = 'margin' | 'target';
export type LoanStep = 'view' | 'repay-mode' | 'amount' | 'repay-unlock' | 'review' | LoanSetting;

export interface LoanActionState {
	step: LoanStep;
	action?: LoanAction;
	/** Repay everything (principal and interest) or `amount`. */
	repayAll: boolean;
	/** Release collateral on a partial repayment (repayUnlock); a full one always releases it all. */
	unlock: boolean;
	/** Pay out of the collateral (a unified account's repay method "collateral") instead of with the loan coin. */
	fromCollateral: boolean;
	amount: string;
	cursor: number;
	/** Why the amount was not accepted (nothing is sent). */
	error?: string;
	/** The safety margin and target LTV the detail's amounts use (fractions; unset: the defaults). */
	targets: LoanTargetMemory;
	/** A withdrawal past "max withdrawable" had its first y: the review asks the second, explicit question. */
	pastMaxAsked?: boolean;
}

export type LoanActionEvent =
	| {type: 'start'; action: LoanAction}
	/** m or t: the setting's field, holding its value now (in points or percent). */
	| {type: 'set'; setting: LoanSetting}
	| {type: 'select'; move: ChoiceMove}
	| {type: 'text'; edit: TextEdit}
	/** Enter: the next step, checked against the loan's current figures. */
	/** `now`: server time, and `readAt`: when the loan was read, so that "more than owed" counts the interest by the time
	 * the repayment is sent, as the review does (loans/repay-preview.ts). */
	| {type: 'submit'; loan: OngoingLoan; now?: number; readAt?: number}
	| {type: 'back'}
	/** The first y on the review of a withdrawal past "max withdrawable": the second question is asked. */
	| {type: 'past-max'}
	/** c on a repayment's review (unified accounts): pay with the loan coin, or out of the collateral. */
	| {type: 'pay-from'; collateral: boolean}
	/** The action is over (its result was read): back to the detail. */
	| {type: 'finish'};

export const initialLoanAction: LoanActionState = {step: 'view', repayAll: true, unlock: true, fromCollateral: false, amount: '', cursor: 0, targets: {}};

/** The detail as it opens, with the settings kept from before (services/input-memory.ts). */
export const loanActionWith = (targets: LoanTargetMemory): LoanActionState => ({...initialLoanAction, targets});

/** A fraction as the setting's field shows it: "0.05" → "5" (points), "0.6" → "60" (percent). */
const asPercent = (fraction: string | undefined) => (fraction === undefined ? '' : new Big(fraction).times(100).toFixed());

const REPAY_MODES = [true, false] as const;
const UNLOCK_CHOICES = [true, false] as const;

export function loanActionReducer(state: LoanActionState, event: LoanActionEvent): LoanActionState {
	switch (event.type) {
		case 'start':
			if (state.step !== 'view') return state;
			return {...loanActionWith(state.targets), action: event.action, step: event.action === 'repay' ? 'repay-mode' : 'amount'};
		case 'set': {
			if (state.step !== 'view') return state;
			const value = asPercent(event.setting === 'margin' ? state.targets.safetyMargin : state.targets.targetLtv);
			return {...loanActionWith(state.targets), step: event.setting, amount: value, cursor: value.length};
		}
		case 'select':
			if (state.step === 'repay-mode') return {...state, repayAll: REPAY_MODES[nextChoice(state.repayAll ? 0 : 1, 2, event.move)]!};
			if (state.step === 'repay-unlock') return {...state, unlock: UNLOCK_CHOICES[nextChoice(state.unlock ? 0 : 1, 2, event.move)]!};
			return state;
		case 'text': {
			if (state.step !== 'amount' && state.step !== 'margin' && state.step !== 'target') return state;
			const next = applyTextEdit({value: state.amount, cursor: state.cursor}, event.edit);
			return {...state, amount: next.value, cursor: next.cursor, error: next.value === state.amount ? state.error : undefined};
		}
		case 'submit':
			return submit(state, event.loan, event.now, event.readAt);
		case 'back':
			return back(state);
		case 'past-max':
			return state.step === 'review' && state.action === 'withdraw' ? {...state, pastMaxAsked: true} : state;
		case 'pay-from':
			return state.step === 'review' && state.action === 'repay' ? {...state, fromCollateral: event.collateral} : state;
		case 'finish':
			return loanActionWith(state.targets);
	}
}

function submit(state: LoanActionState, loan: OngoingLoan, now?: number, readAt?: number): LoanActionState {
	switch (state.step) {
		case 'repay-mode':
			return state.repayAll ? {...state, step: 'review', unlock: true} : {...state, step: 'amount', cursor: state.amount.length};
		case 'amount': {
			const label = state.action === 'repay' ? 'repay amount' : 'collateral amount';
			const checked = checkAmount(state.amount, label);
			if (!checked.ok) return {...state, error: checked.message};
			const value = checked.value;
			if (state.action === 'repay') {
				const preview = repayPreview(loan, {all: false, amount: value, unlock: state.unlock, allInstead: REPAY_ALL_INSTEAD, withCoin}, now, readAt);
				if (!preview.ok) return {...state, error: preview.reason};
				return {...state, amount: value, cursor: value.length, step: 'repay-unlock', error: undefined};
			}
			const check = checkCollateralChange(loan, state.action === 'add' ? 'add' : 'withdraw', value);
			if (!check.ok) return {...state, error: check.reason};
			return {...state, amount: value, cursor: value.length, step: 'review', error: undefined, pastMaxAsked: false};
		}
		case 'repay-unlock':
			return {...state, step: 'review'};
		case 'margin':
		case 'target':
			return setting(state, state.step);
		default:
			return state;
	}
}

/** Enter in a setting's field: the value taken (empty: back to the default), or why not. */
function setting(state: LoanActionState, which: LoanSetting): LoanActionState {
	const text = state.amount.trim();
	const key = which === 'margin' ? 'safetyMargin' : 'targetLtv';
	if (text === '') {
		const {[key]: _dropped, ...rest} = state.targets;
		return loanActionWith(rest);
	}
	const value = which === 'margin' ? parseMarginPoints(text) : parseLtvPercent(text);
	if (value === undefined)
		return {...state, error: which === 'margin' ? `The safety margin is ${MARGIN_POINTS_RULE}` : `The target LTV is ${LTV_PERCENT_RULE}`};
	return loanActionWith({...state.targets, [key]: value});
}

function back(state: LoanActionState): LoanActionState {
	switch (state.step) {
		case 'view':
			return state;
		case 'repay-mode':
		case 'margin':
		case 'target':
			return loanActionWith(state.targets);
		case 'amount':
			return state.action === 'repay' ? {...state, step: 'repay-mode', error: undefined} : loanActionWith(state.targets);
		case 'repay-unlock':
			return {...state, step: 'amount'};
		case 'review':
			// n or Esc on the second question: back to the first, the values kept.
			if (state.pastMaxAsked) return {...state, pastMaxAsked: false};
			if (state.action !== 'repay') return {...state, step: 'amount'};
			return state.repayAll ? {...state, step: 'repay-mode'} : {...state, step: 'repay-unlock'};
	}
}
