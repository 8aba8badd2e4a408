// The keys of every money screen from its review on, written once: the review's y/n question, the wait while the
// request is out, the outcome-unknown box and the result. The rows follow the money post's phase
// (operations/money-post.ts); the screen says what y confirms, where n goes back to and where "done" leads.
// The rules:
// - only a typed y or Y confirms (a paste never reaches a table), and a y the review's checks refuse sends nothing;
// - n, N or Esc drop a pending second y; without one they go back to change the values; Enter does nothing;
// - while the request is out no key changes anything (Esc says it waits; Ctrl+C is the shell's);
// - the outcome-unknown box goes back to the review (where sending the same values needs a second y) or home;
// - the result copies (when the screen has something to copy) and Enter or Esc leave it.
import type {Binding} from '../keys/binding.js';
import type {InputMode} from '../keys/screen-input.js';
import {copyBinding} from '../keys/shared-bindings.js';
import type {MoneyPostState} from '../../operations/money-post.js';

export type MoneyStage = 'review' | 'sending' | 'result' | 'unknown';

/** The titles of the stages after the review, the same on every money screen. */
export const MONEY_STAGE_TITLES = {sending: 'Sending', result: 'Done', unknown: 'Outcome unknown'} as const;

/** Where the money post puts the screen: its phase, or — while nothing is out — the review when the screen is on it
 * (undefined: one of the screen's own steps). */
export function moneyStage(phase: MoneyPostState<unknown, unknown>['phase'], atReview: boolean): MoneyStage | undefined {
	switch (phase) {
		case 'posting':
			return 'sending';
		case 'done':
			return 'result';
		case 'unknown':
			return 'unknown';
		case 'ready':
			return atReview ? 'review' : undefined;
	}
}

/** While the request is out keys change nothing, and q and ? are not taken either. */
export const moneyInputMode = (stage: MoneyStage): InputMode => (stage === 'sending' ? 'busy' : 'navigate');

/** What the rows need of useMoneyPost (ui/money/use-money-post.ts). */
export interface MoneyReviewPost {
	state: Pick<MoneyPostState<unknown, unknown>, 'phase' | 'confirmAgain'>;
	decline(): void;
	review(): void;
}

export interface MoneyReviewActions {
	/** What y does, in the footer: "borrow", "repay". */
	verb: string;
	/** y or Y on the review: the screen confirms exactly what the review shows (post.confirm). */
	send(): void;
	/** The review's checks refuse these values: y sends nothing. */
	blocked?: boolean;
	/** n, N or Esc on the review with no second y pending: back to change the values. */
	change(): void;
	home(): void;
	/** Enter or Esc on the result; home by default. */
	done?: {description: string; handler(): void};
	/** c on the result. */
	copy?: {what: string; handler(): void};
	/** Enter on the outcome-unknown box, where the screen has a place besides the review and home. */
	leave?: {description: string; handler(): void};
	/** The review's own choices (a repayment's "pay out of the collateral"), beside y and n. */
	choices?: Binding[];
}

/** The rows of the post's stage: the review while nothing is out ('ready'), then sending, unknown, result. */
export function moneyReviewBindings(post: MoneyReviewPost, on: MoneyReviewActions): Binding[] {
	switch (post.state.phase) {
		case 'ready':
			return reviewRows(post, on);
		case 'posting':
			return [
				{
					keys: ['Esc'],
					description: 'nothing: waits for the answer (Ctrl+C stops the wait)',
					short: 'waits for the answer',
					footer: 1,
					handler: () => undefined,
				},
			];
		case 'unknown':
			return [
				{keys: ['Esc'], description: 'back to review (sending again needs a second y)', footer: 1, handler: () => post.review()},
				{keys: ['h'], description: 'home', footer: 2, handler: () => on.home()},
				...(on.leave ? [{keys: ['Enter'], description: on.leave.description, footer: 2, handler: () => on.leave?.handler()}] : []),
			];
		case 'done': {
			const done = on.done ?? {description: 'home', handler: () => on.home()};
			return [
				...(on.copy ? [copyBinding(on.copy.what, on.copy.handler, 1)] : []),
				{keys: ['Enter'], description: done.description, footer: 1, handler: () => done.handler()},
				{keys: ['Esc'], description: done.description, footer: 1, handler: () => done.handler()},
			];
		}
	}
}

function reviewRows(post: MoneyReviewPost, on: MoneyReviewActions): Binding[] {
	const again = post.state.confirmAgain;
	// n and Esc: a pending second y is dropped first (the review stays); only then do they go back.
	const no = () => (post.state.confirmAgain ? post.decline() : on.change());
	const send: Binding = on.blocked
		? {
				keys: ['y', 'Y'],
				label: 'y',
				description: 'sends nothing: these values are refused here (n to change them)',
				short: 'refused',
				footer: 1,
				handler: () => undefined,
			}
		: again
			? {
					keys: ['y', 'Y'],
					label: 'y',
					description: `${on.verb} again: a second request (the first one's outcome is unknown)`,
					short: 'send again',
					footer: 1,
					handler: () => on.send(),
				}
			: {keys: ['y', 'Y'], label: 'y', description: `${on.verb} (only a typed y sends)`, footer: 1, handler: () => on.send()};
	return [
		send,
		{
			keys: ['n', 'N'],
			label: 'n',
			description: again ? 'no: do not send again' : 'no: change the values',
			short: again ? 'no' : 'change values',
			footer: 1,
			handler: no,
		},
		{keys: ['Esc'], description: again ? 'do not send again' : 'back to change the values', short: again ? 'no' : 'back', footer: 2, handler: no},
		{keys: ['Enter'], description: 'does nothing here (only y sends)', handler: () => undefined},
		...(again ? [] : (on.choices ?? [])),
	];
}
