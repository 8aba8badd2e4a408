// A loan's detail as state and actions: its figures (use-loan-figures.ts), the forms from the detail to a review
// (reducer.ts), and from the review's y on the money post (ui/money), which sends the request once and, after an
// unknown outcome, reads the loans again (operations/check-outcome.ts). When the outcome is in, the loan is read
// again: the result says what the action left, and after a check the detail shows what it found.
import {useCallback, useEffect, useReducer, useState} from 'react';
import type {OngoingLoan} from '../../api/loan-types.js';
import {copiedMessage} from '../../services/clipboard.js';
import type {MoneyPostState} from '../../operations/money-post.js';
import type {MoneyResult} from '../../operations/money-pipeline.js';
import type {ChoiceMove} from '../../ui/fields/choice-field.js';
import {pasteEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import {moneyStage, type MoneyStage} from '../../ui/money/money-review-bindings.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import type {ChartDays} from '../../ui/components/pair-chart.js';
import {loanRequestBody, loanRequestOf, type LoanRequest} from './loan-request.js';
import {actionOutcome, type ActionOutcome} from './outcome-words.js';
import {loanActionReducer, loanActionWith, type LoanActionState, type LoanSetting, type LoanStep} from './reducer.js';
import {useLoanFigures, type LoanFigures} from './use-loan-figures.js';

/** Where the detail is: one of its own steps, or — from the review on — the money post's stage. */
export type LoanStage = LoanStep | MoneyStage;

export interface LoanDetailState extends Omit<LoanFigures, 'refresh'> {
	orderId: string;
	/** The forms' state: the step, the action, its amount and choices. */
	form: LoanActionState;
	stage: LoanStage;
	/** The money post's stage, from the review on. */
	money: MoneyStage | undefined;
	/** A step with a text field: an amount, or one of the person's settings. */
	typing: boolean;
	post: MoneyPostState<LoanRequest, MoneyResult>;
	/** The loan as read after the action: open, null when closed, undefined while it is read. */
	after: OngoingLoan | null | undefined;
	/** What the finished action did, in words (on the result). */
	outcome: ActionOutcome | undefined;
	/** What the last copy said. */
	copied: string | undefined;
	/** The first row of the detail shown. */
	scroll: number;
	/** The price chart: over 7 or 30 days, and — where the terminal is too short for it under the figures — shown in
	 * their place (v). */
	chart: ChartView;
}

interface ChartView {
	days: ChartDays;
	open: boolean;
}

export interface LoanDetailActions {
	/** r, a, w on the detail. */
	start(action: 'repay' | 'add' | 'withdraw'): void;
	/** m, t on the detail. */
	set(setting: LoanSetting): void;
	select(move: ChoiceMove): void;
	edit(edit: TextEdit): void;
	/** Enter on a step: the next one, checked against the loan's figures. */
	submit(): void;
	/** Esc on a step, n on the review: a step back (from the second question, back to the first). */
	back(): void;
	/** The first y on a withdrawal past "max withdrawable": the second question. */
	askPastMax(): void;
	/** y: exactly what the review shows is sent. */
	confirm(): void;
	/** c on a unified account's repay review. */
	payFrom(collateral: boolean): void;
	/** n on the review with a second y pending. */
	decline(): void;
	/** From the outcome-unknown notice back to the review. */
	review(): void;
	/** From the outcome-unknown notice back to the loan, read again. */
	leave(): void;
	/** From the result back to a fresh detail. */
	finish(): void;
	copy(): void;
	refresh(): void;
	scrollTo(row: number): void;
	/** d: the chart over 30 days, or back to 7. */
	chartDays(): void;
	/** v on a short terminal: the chart in the figures' place, or back. */
	toggleChart(): void;
	home(): void;
	paste(text: string): void;
}

/** `onFinished` makes a new detail after a completed action, with what the action did (loan-screen.tsx). */
export function useLoanDetail(orderId: string, onFinished: (note?: string) => void): {state: LoanDetailState; actions: LoanDetailActions} {
	const {client, clipboard, inputs} = useServices();
	const navigation = useNavigation();
	const [form, dispatch] = useReducer(loanActionReducer, inputs, (memory) => loanActionWith(memory.loanTargets()));
	// The settings are the person's, not this loan's: kept for every loan, this run and the next.
	useEffect(() => {
		inputs.setLoanTargets(form.targets);
	}, [inputs, form.targets]);
	const [copied, setCopied] = useState<string | undefined>(undefined);
	const [scroll, setScroll] = useState(0);
	const [chart, setChart] = useState<ChartView>({days: 7, open: false});
	/** The number of the read sent when the action was done (use-loan.ts): the result waits for it. */
	const [afterRead, setAfterRead] = useState<number | undefined>(undefined);

	// While a form or review shows, the figures are not read again (nothing changes under a person deciding).
	const {refresh, ...figures} = useLoanFigures(orderId, form.step === 'view', form.targets);
	const {loan, family} = figures;
	/** The outcome is in: the loan is read again (a done action: the result waits for that read). */
	const tookOutcome = useCallback(
		(outcome: 'done' | 'checked') => {
			const read = refresh();
			if (outcome === 'done') setAfterRead(read);
		},
		[refresh],
	);

	// The money post (ui/money/use-money-post.ts): y sends exactly what the review shows, the loan as reviewed with it
	// (the check compares with it when the pipeline's own read fails); once the outcome is recorded — or, when unknown,
	// checked — the loan is read again. The top line tells a refused or unknown repay or collateral change until the next
	// one succeeds, named after what was posted, not what the screen shows now (going back must not rename the error).
	const post = useMoneyPost<LoanRequest>({report: {source: 'loan', what: postedName}});
	const sendReviewed = (request: LoanRequest, reviewed: OngoingLoan) =>
		void post.confirm({...request, loan: reviewed}, request, loanRequestBody(request, family)).then((outcome) => {
			if (outcome?.status === 'done') tookOutcome('done');
			else if (outcome?.status === 'unknown' && outcome.check) tookOutcome('checked');
		});

	const money = moneyStage(post.state.phase, form.step === 'review');
	const stage: LoanStage = money ?? form.step;
	const {read} = figures;
	const after =
		stage === 'result' && afterRead !== undefined && read.status === 'ready' && !read.refreshing && read.read >= afterRead ? (read.loan ?? null) : undefined;
	const result = stage === 'result' ? post.state.result : undefined;
	const outcome =
		result && result.kind !== 'borrow' ? actionOutcome(result, {kind: form.action ?? 'repay', repayAll: form.repayAll, amount: form.amount}, after) : undefined;
	const typing = stage === 'amount' || stage === 'margin' || stage === 'target';

	const actions: LoanDetailActions = {
		start: (action) => dispatch({type: 'start', action}),
		set: (setting) => dispatch({type: 'set', setting}),
		select: (move) => dispatch({type: 'select', move}),
		edit: (edit) => dispatch({type: 'text', edit}),
		submit: () => loan && dispatch({type: 'submit', loan, now: client.clock.now(), readAt: figures.readAt}),
		back: () => dispatch({type: 'back'}),
		askPastMax: () => dispatch({type: 'past-max'}),
		confirm: () => loan && sendReviewed(loanRequestOf(form, loan), loan),
		payFrom: (collateral) => dispatch({type: 'pay-from', collateral}),
		decline: () => post.decline(),
		review: () => post.review(),
		leave: () => {
			post.review();
			dispatch({type: 'finish'});
			refresh();
		},
		finish: () => onFinished(outcome?.headline),
		copy: () => {
			clipboard?.copy(orderId);
			setCopied(copiedMessage(clipboard, 'Order ID'));
		},
		refresh: () => void refresh(),
		scrollTo: setScroll,
		chartDays: () => setChart((shown) => ({...shown, days: shown.days === 7 ? 30 : 7})),
		toggleChart: () => setChart((shown) => ({...shown, open: !shown.open})),
		home: () => navigation.home(),
		// Only the amount field takes a paste; on the review it is dropped: only a typed y sends.
		paste: (text) => {
			const edit = typing ? pasteEdit(text) : undefined;
			if (edit) dispatch({type: 'text', edit});
		},
	};
	return {state: {...figures, orderId, form, stage, money, typing, post: post.state, after, outcome, copied, scroll, chart}, actions};
}

/** What a posted loan request is called on the top line. */
function postedName(posted: LoanRequest): string {
	return posted.kind === 'revisePledge' ? (posted.request.reviseType === 'IN' ? 'Add collateral' : 'Withdraw collateral') : 'Repay';
}
