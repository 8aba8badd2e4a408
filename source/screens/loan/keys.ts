// A loan's detail's keys as one table (ui/keys/binding.ts), by stage: the detail (r, a, w act on the loan; m, t its
// settings; the figures scroll; d the chart's 7 or 30 days, v the chart where it does not fit under the figures), the forms' steps (a choice, an amount, a setting), and from the review on the keys
// every money screen shares (ui/money/money-review-bindings.ts) with what y sends here. Built per render from the
// detail's state (use-loan-detail.ts); the same rows dispatch the keys and make the footer and the ? help.
import type {OngoingLoan} from '../../api/loan-types.js';
import {pastMaxWithdrawable} from '../../loans/targets.js';
import {scrollBindings, scrolledBy, type ScrollWindow} from '../../ui/components/scroll-window.js';
import {choiceBindings, textBindings} from '../../ui/fields/field-bindings.js';
import type {Binding} from '../../ui/keys/binding.js';
import type {ChartDays} from '../../ui/components/pair-chart.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import {moneyReviewBindings, type MoneyReviewPost} from '../../ui/money/money-review-bindings.js';
import type {LoanDetailActions, LoanDetailState} from './use-loan-detail.js';

/** What the keys need of the detail's state. */
export type LoanKeyState = Pick<LoanDetailState, 'form' | 'money' | 'loan' | 'family' | 'after' | 'safetyMargin'> & {post: MoneyReviewPost['state']};

/** The detail's rows and the window of them that shows (the figures scroll when they do not fit). */
export interface DetailWindow {
	window: ScrollWindow;
	total: number;
	/** The price chart, when the loan has one: its days, whether it stands behind v (the terminal too short for it
	 * under the figures), and whether it shows in their place now. */
	chart?: {days: ChartDays; behindKey: boolean; open: boolean; path: boolean};
}

export function loanDetailBindings(state: LoanKeyState, actions: LoanDetailActions, detail: DetailWindow): Binding[] {
	return state.money ? moneyBindings(state, actions) : stepBindings(state, actions, detail);
}

function stepBindings({form, loan}: LoanKeyState, actions: LoanDetailActions, detail: DetailWindow): Binding[] {
	const back: Binding = {keys: ['Esc'], description: 'back a step', handler: () => actions.back()};
	const choice = (submit: string): Binding[] => [
		...choiceBindings({submit: () => actions.submit(), move: (move) => actions.select(move)}, {count: 2, submit}),
		back,
	];
	const text = (submit: string) => textBindings({submit: () => actions.submit(), edit: (edit) => actions.edit(edit)}, {submit});
	const open = loan !== undefined;
	switch (form.step) {
		case 'view':
			// Without an open loan there is nothing to act on; Esc (the shell's) goes back to the loans.
			return [
				{keys: ['r'], description: 'repay', footer: 1, handler: () => actions.start('repay'), when: open},
				{keys: ['a'], description: 'add collateral', footer: 1, handler: () => actions.start('add'), when: open},
				{keys: ['w'], description: 'withdraw collateral', footer: 1, handler: () => actions.start('withdraw'), when: open},
				{keys: ['m'], description: 'safety margin of "max withdrawable"', short: 'margin', footer: 4, handler: () => actions.set('margin'), when: open},
				{keys: ['t'], description: 'target LTV of "add … to get back to"', short: 'target', footer: 4, handler: () => actions.set('target'), when: open},
				copyBinding('order ID', () => actions.copy(), 3),
				refreshBinding(() => actions.refresh(), 'read the loan again'),
				...chartBindings(detail, actions),
				...scrollBindings((by) => actions.scrollTo(scrolledBy(detail.window.start, by, detail.total, detail.window.page)), detail.window, detail.total, {
					rows: true,
					what: 'the figures',
				}),
			];
		case 'repay-mode':
			return choice('next');
		case 'repay-unlock':
			return choice('review');
		case 'amount':
			// Esc first: the text row comes last and takes every other key.
			return [back, ...text('next (checked here first)')];
		case 'margin':
		case 'target':
			return [{...back, description: 'back, unchanged'}, ...text('take it (empty: the default)')];
		case 'review':
			return [];
	}
}

/** v shows the chart in the figures' place (a short terminal) and back; d switches it between 7 and 30 days. */
function chartBindings({chart}: DetailWindow, actions: LoanDetailActions): Binding[] {
	if (chart === undefined) return [];
	const shown = !chart.behindKey || chart.open;
	return [
		{
			keys: ['v'],
			description: chart.open ? 'back to the figures' : 'the price chart with the margin-call and liquidation lines',
			short: chart.open ? 'figures' : 'chart',
			footer: 2,
			handler: () => actions.toggleChart(),
			when: chart.behindKey,
		},
		{
			keys: ['d'],
			description: chart.days === 7 ? 'the chart over 30 days' : 'the chart over 7 days',
			short: chart.days === 7 ? '30 days' : '7 days',
			footer: 3,
			handler: () => actions.chartDays(),
			// Only over a path: without a history there is nothing to see over more days.
			when: shown && chart.path,
		},
	];
}

/** From the review on: y sends what the review shows, n goes back a step. */
function moneyBindings({form, loan, family, after, safetyMargin, post}: LoanKeyState, actions: LoanDetailActions): Binding[] {
	return moneyReviewBindings(
		{state: post, decline: () => actions.decline(), review: () => actions.review()},
		{
			verb: form.action === 'repay' ? 'repay' : form.action === 'add' ? 'add collateral' : 'withdraw collateral',
			send: () => {
				// Past "max withdrawable" the first y asks a second, explicit question (review.tsx says where it leaves the loan).
				if (loan && form.action === 'withdraw' && !form.pastMaxAsked && pastMaxWithdrawable(loan, form.amount, safetyMargin) !== undefined)
					actions.askPastMax();
				else actions.confirm();
			},
			change: () => actions.back(),
			home: () => actions.home(),
			done: {description: after === null ? 'back (the loan is closed)' : 'back to the loan', handler: () => actions.finish()},
			copy: {what: 'order ID', handler: () => actions.copy()},
			...(form.action === 'repay' && family === 'unified' ? {choices: [payFromBinding(form.fromCollateral, loan, actions)]} : {}),
			// The action is over (whatever the check finds): the loan, read again.
			leave: {description: 'back to the loan', handler: () => actions.leave()},
		},
	);
}

/** c on a unified account's repay review: pay with the loan coin, or out of the collateral. */
function payFromBinding(fromCollateral: boolean, loan: OngoingLoan | undefined, actions: LoanDetailActions): Binding {
	return {
		keys: ['c'],
		description: fromCollateral ? 'pay with the loan coin instead' : 'pay out of the collateral instead (Bitget sells pledge coin)',
		short: fromCollateral ? `pay with ${loan?.loanCoin ?? 'the loan coin'}` : 'from collateral',
		footer: 2,
		handler: () => actions.payFrom(!fromCollateral),
	};
}
