// One loan: its figures, and its actions — repay (all or part, release or keep the collateral), add or withdraw
// collateral — each through a review and an explicit y, sent once by the money post (ui/money), with the keys and
// views every money screen shares. After an unknown outcome the pipeline reads the loans again
// (operations/check-outcome.ts) and the finding is shown.
import React, {type ReactElement, useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {owed} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {ago} from '../../format/time.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {errorLine} from '../../format/describe-error.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {choiceBindings} from '../../ui/fields/field-bindings.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import {TextField} from '../../ui/fields/text-field.js';
import type {Binding} from '../../ui/keys/binding.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {copyBinding, refreshBinding} from '../../ui/keys/shared-bindings.js';
import {copiedMessage} from '../../services/clipboard.js';
import {MoneyPostView} from '../../ui/money/money-post-view.js';
import {MONEY_STAGE_TITLES, moneyInputMode, moneyReviewBindings, moneyStage, type MoneyStage} from '../../ui/money/money-review-bindings.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import type {Theme} from '../../ui/theme.js';
import {loanFigureRows} from './loan-figures.js';
import {wrapLines} from '../../format/wrap.js';
import {scrollBindings, scrolledBy, scrollWindow, WindowedRows} from '../../ui/components/scroll-window.js';
import {marginPoints, type LoanTargets} from '../../format/loan-targets.js';
import {DEFAULT_SAFETY_MARGIN, pastMaxWithdrawable} from '../../loans/targets.js';
import {loanRequestBody, loanRequestOf, type LoanRequest} from './loan-request.js';
import {loanActionReducer, loanActionWith, type LoanActionState, type LoanSetting, type LoanStep} from './reducer.js';
import {actionOutcome, type ActionOutcome} from './outcome-words.js';
import {LoanReview} from './review.js';
import {useAccountFamily} from '../../ui/use-account-family.js';
import {useLoan} from './use-loan.js';
import {useBodySize} from '../../ui/layout.js';
import type {PricesRead} from '../../ui/use-prices.js';
import {useLiveLoans} from '../../ui/use-live-loans.js';
import {useStore} from '../../ui/use-store.js';
import {createStore} from '../../services/store.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';

const NO_COIN_INFOS = createStore<CoinInfoState>({status: 'idle'});

type Stage = LoanStep | MoneyStage;

const TITLE: Record<Stage, string> = {
	view: '',
	'repay-mode': 'Repay: how much?',
	amount: 'How much?',
	'repay-unlock': 'Repay: the collateral',
	review: 'Review',
	margin: 'Safety margin',
	target: 'Target LTV',
	...MONEY_STAGE_TITLES,
};

const REPAY_CHOICES = [
	{label: 'All — principal and interest; all collateral released', value: true},
	{label: 'Part — an amount you give (interest is paid first)', value: false},
];
const UNLOCK_LABELS = [
	{label: 'Release collateral — Bitget sizes the release', value: true},
	{label: 'Keep collateral — the LTV falls instead', value: false},
];

/** A new instance after each completed action: its money post starts fresh, its figures are read again, and it says
 * in words what the action did (so a loan repaid in full reads as closed by that repayment, not as gone). */
export function LoanScreen({orderId}: {orderId: string}) {
	const [finished, setFinished] = useState<{generation: number; note?: string}>({generation: 0});
	return (
		<LoanDetail
			key={finished.generation}
			orderId={orderId}
			note={finished.note}
			onFinished={(note) => setFinished((previous) => ({generation: previous.generation + 1, note}))}
		/>
	);
}

function LoanDetail({orderId, note, onFinished}: {orderId: string; note?: string; onFinished: (note?: string) => void}) {
	const {client, credentials, theme, connectedTo, clipboard, coinInfos, inputs, priceStream, debug} = useServices();
	const navigation = useNavigation();
	const [state, dispatch] = useReducer(loanActionReducer, inputs, (memory) => loanActionWith(memory.loanTargets()));
	// The settings are the person's, not this loan's: kept for every loan, this run and the next.
	useEffect(() => {
		inputs.setLoanTargets(state.targets);
	}, [inputs, state.targets]);
	// The top line tells a refused or unknown repay or collateral change until the next one succeeds, named after
	// what was posted, not what the screen shows now (going back must not rename the error).
	const post = useMoneyPost<LoanRequest>({report: {source: 'loan', what: postedName}});
	const money = moneyStage(post.state.phase, state.step === 'review');
	const stage: Stage = money ?? state.step;
	// The steps with a text field: an amount, or one of the person's settings.
	const typing = stage === 'amount' || stage === 'margin' || stage === 'target';
	const loanRead = useLoan(client, credentials, orderId, stage === 'view');
	const now = useNow();
	const loan = loanRead.state.status === 'ready' ? loanRead.state.loan : undefined;
	// A unified account may repay out of the collateral (a choice on the repay review).
	const family = useAccountFamily(client, loan !== undefined);
	// The tickers are read with every read of the loan (use-loan.ts); a review keeps the prices it opened with (the loan
	// is not read again under it either).
	const prices = loanRead.state.status === 'ready' ? loanRead.state.prices : undefined;
	// On the detail (not under a review, which keeps what it opened with) the LTV follows the live price between reads,
	// as on the Loans list (operations/watch-live.ts).
	const loanList = useMemo(() => (loan ? [loan] : []), [loan]);
	const live = useLiveLoans(client, priceStream, loanList, prices, stage === 'view', debug);
	const liveLoan = live.projected.size > 0 ? live.loans[0] : undefined;
	const infos = useStore(coinInfos ?? NO_COIN_INFOS);
	useEffect(() => {
		coinInfos?.ensure();
	}, [coinInfos]);
	const initialLtv = loan && infos.status === 'ready' ? infos.infos.pledgeInfos.find((info) => info.coin === loan.pledgeCoin)?.initRate : undefined;
	const targets = {...state.targets, initialLtv};
	const safetyMargin = state.targets.safetyMargin ?? DEFAULT_SAFETY_MARGIN;
	const serverNow = client.clock.now();
	// When the loan was read: the repay amount step and review count the interest hours started since (repay-preview.ts).
	const readAt = loanRead.state.status === 'ready' ? loanRead.state.serverAt : undefined;

	const {refresh} = loanRead;
	// The check after an unknown outcome is over: the figures are read again.
	useEffect(() => {
		if (post.state.check.status === 'done') refresh();
	}, [post.state.check.status, refresh]);
	// The action is done: the loan is read again, so the result says what it left (closed, or its new figures).
	const doneAt = useRef<number | undefined>(undefined);
	useEffect(() => {
		if (post.state.phase !== 'done') return;
		doneAt.current = Date.now();
		refresh();
	}, [post.state.phase, refresh]);
	const after =
		stage === 'result' && doneAt.current !== undefined && loanRead.state.status === 'ready' && !loanRead.state.refreshing && loanRead.state.at >= doneAt.current
			? (loanRead.state.loan ?? null)
			: undefined;
	const outcome =
		stage === 'result' && post.state.result && post.state.result.kind !== 'borrow'
			? actionOutcome(post.state.result, {kind: state.action ?? 'repay', repayAll: state.repayAll, amount: state.amount}, after)
			: undefined;
	const [copied, setCopied] = useState<string | undefined>(undefined);
	const copyOrderId = () => {
		clipboard?.copy(orderId);
		setCopied(copiedMessage(clipboard, 'Order ID'));
	};
	const copy = copyBinding('order ID', copyOrderId);

	const amountField = useTextField({
		focused: typing,
		submit: () => loan && dispatch({type: 'submit', loan, now: client.clock.now(), readAt}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});

	const body = useBodySize();
	// Titles read "Screen · where · what" on every screen ("Borrow · 2 of 6 · Pledge coin"); a narrow terminal wraps it.
	const heading = loan ? `Loan · ${orderId} · ${sanitize(loan.loanCoin)} against ${sanitize(loan.pledgeCoin)}` : `Loan · ${orderId}`;
	const title = `${heading}${TITLE[stage] ? ` · ${TITLE[stage]}` : ''}`;
	const age =
		stage === 'view' && loanRead.state.status === 'ready' ? ` · updated ${ago(loanRead.state.at, Math.max(now, loanRead.state.at))}${loanRead.state.refreshing ? ' · refreshing…' : ''}` : '';
	// The age only where the title keeps one line (the Price row says how old the figures are too): at 60×16 a second
	// title line would push the risk off the first screen.
	const updated = [...title, ...age].length <= body.columns ? age : '';
	// The detail is laid out as rows and scrolls when it is taller than the screen (60×16): below the title, and above
	// what a copy says.
	const [scroll, setScroll] = useState(0);
	const detail = detailRows({read: loanRead.state, now, theme, closedBy: note, prices: live.prices, serverNow, targets, liveLoan, note}, body.columns, body.rows);
	const detailTotal = Array.isArray(detail) ? detail.length : 0;
	const copiedRows = copied !== undefined ? wrapLines(copied, body.columns).length : 0;
	const titleRows = wrapLines(title + updated, body.columns).length;
	const detailView = scrollWindow(detailTotal, Math.max(2, body.rows - titleRows - copiedRows), scroll);
	const scrollDetail = (by: number) => setScroll(scrolledBy(detailView.start, by, detailTotal, detailView.page));

	const back: Binding = {keys: ['Esc'], description: 'back a step', handler: () => dispatch({type: 'back'})};
	const choice = (submit: string): Binding[] => [
		...choiceBindings({submit: () => loan && dispatch({type: 'submit', loan, now: client.clock.now(), readAt}), move: (move) => dispatch({type: 'select', move})}, {count: 2, submit}),
		back,
	];
	const start = (action: 'repay' | 'add' | 'withdraw') => () => dispatch({type: 'start', action});
	const stepRows = (): Binding[] => {
		switch (state.step) {
			case 'view':
				// Without an open loan there is nothing to act on; Esc (the shell's) goes back to the loans.
				return [
					{keys: ['r'], description: 'repay', footer: 1, handler: start('repay'), when: loan !== undefined},
					{keys: ['a'], description: 'add collateral', footer: 1, handler: start('add'), when: loan !== undefined},
					{keys: ['w'], description: 'withdraw collateral', footer: 1, handler: start('withdraw'), when: loan !== undefined},
					{keys: ['m'], description: 'safety margin of "max withdrawable"', short: 'margin', footer: 4, handler: () => dispatch({type: 'set', setting: 'margin'}), when: loan !== undefined},
					{keys: ['t'], description: 'target LTV of "add … to get back to"', short: 'target', footer: 4, handler: () => dispatch({type: 'set', setting: 'target'}), when: loan !== undefined},
					{...copy, footer: 3},
					refreshBinding(refresh, 'read the loan again'),
					...scrollBindings(scrollDetail, detailView, detailTotal, {rows: true, what: 'the figures'}),
				];
			case 'repay-mode':
				return choice('next');
			case 'repay-unlock':
				return choice('review');
			case 'amount':
				// Esc first: the text row comes last and takes every other key.
				return [back, ...amountField.bindings({submit: 'next (checked here first)'})];
			case 'margin':
			case 'target':
				return [{...back, description: 'back, unchanged'}, ...amountField.bindings({submit: 'take it (empty: the default)'})];
			case 'review':
				return [];
		}
	};
	const bindings = money
		? moneyReviewBindings(post, {
				verb: state.action === 'repay' ? 'repay' : state.action === 'add' ? 'add collateral' : 'withdraw collateral',
				send: () => {
					if (!loan) return;
					// Past "max withdrawable" the first y asks a second, explicit question (review.tsx says where it leaves the loan).
					if (state.action === 'withdraw' && !state.pastMaxAsked && pastMaxWithdrawable(loan, state.amount, safetyMargin) !== undefined) {
						dispatch({type: 'past-max'});
						return;
					}
					const request = loanRequestOf(state, loan);
					// The loan as reviewed: the check compares with it when the pipeline's own read fails.
					post.confirm({...request, loan}, request, loanRequestBody(request, family));
				},
				change: () => dispatch({type: 'back'}),
				home: () => navigation.home(),
				done: {description: after === null ? 'back (the loan is closed)' : 'back to the loan', handler: () => onFinished(outcome?.headline)},
				copy: {what: 'order ID', handler: copyOrderId},
				...(state.action === 'repay' && family === 'unified'
					? {
							choices: [
								{
									keys: ['c'],
									description: state.fromCollateral ? 'pay with the loan coin instead' : 'pay out of the collateral instead (Bitget sells pledge coin)',
									short: state.fromCollateral ? `pay with ${loan?.loanCoin ?? 'the loan coin'}` : 'from collateral',
									footer: 2,
									handler: () => dispatch({type: 'pay-from', collateral: !state.fromCollateral}),
								},
							],
						}
					: {}),
				// The action is over (whatever the check finds): the loan, read again.
				leave: {
					description: 'back to the loan',
					handler: () => {
						post.review();
						dispatch({type: 'finish'});
						refresh();
					},
				},
			})
		: stepRows();
	useScreenInput({
		mode: money ? moneyInputMode(money) : typing ? 'text' : 'navigate',
		// Until the loan is first read: r, a, w typed meanwhile act on it once it shows.
		loading: stage === 'view' && loanRead.state.status === 'loading',
		bindings,
		// Only the amount field takes a paste; on the review it is dropped: only a typed y sends.
		onPaste: (text) => {
			amountField.onPaste(text);
		},
	});

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				{title}
				{updated ? (
					<Text bold={false} color={undefined} dimColor>
						{updated}
					</Text>
				) : null}
			</Text>
			{stage === 'view' ? Array.isArray(detail) ? <WindowedRows rows={detail} window={detailView} /> : detail : null}
			{stage !== 'view' && stage !== 'result' && loan ? <Summary loan={loan} /> : null}
			{stage === 'repay-mode' ? <ChoiceList choices={REPAY_CHOICES} selected={state.repayAll ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'amount' && loan ? (
				<StepField label={state.action === 'repay' ? `Repay (${sanitize(loan.loanCoin)})` : `${state.action === 'add' ? 'Add' : 'Withdraw'} (${sanitize(loan.pledgeCoin)})`} state={state} theme={theme} />
			) : null}
			{(stage === 'margin' || stage === 'target') && loan ? <SettingField setting={stage} state={state} loan={loan} theme={theme} /> : null}
			{stage === 'repay-unlock' ? <ChoiceList choices={UNLOCK_LABELS} selected={state.unlock ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'review' && loan ? (
				<LoanReview state={state} loan={loan} connectedTo={connectedTo} refusal={post.state.refusal} confirmAgain={post.state.confirmAgain} theme={theme} prices={prices} serverNow={serverNow} readAt={readAt} safetyMargin={safetyMargin} />
			) : null}
			<MoneyPostView post={post.state} sending={state.action === 'repay' ? 'the repayment' : 'the collateral change'} />
			{outcome ? <Result outcome={outcome} after={after} orderId={orderId} theme={theme} /> : null}
			{copied !== undefined && (stage === 'view' || stage === 'result') ? (
				<Text dimColor wrap="wrap">
					{copied}
				</Text>
			) : null}
		</Box>
	);
}

/** What a posted loan request is called on the top line. */
function postedName(posted: LoanRequest): string {
	return posted.kind === 'revisePledge' ? (posted.request.reviseType === 'IN' ? 'Add collateral' : 'Withdraw collateral') : 'Repay';
}

interface DetailProps {
	read: ReturnType<typeof useLoan>['state'];
	now: number;
	theme: Theme;
	closedBy?: string;
	prices?: PricesRead;
	serverNow: number;
	targets: LoanTargets;
	/** The loan at the live price (its LTV projected), when the price moved since the read. */
	liveLoan?: OngoingLoan;
}

/** Fewer body rows than this: the detail's mark prices take the place of the falls. */
const SHORT_ROWS = 20;

/** The detail as terminal rows at `columns` (a window of them shows: ui/components/scroll-window.tsx), or, while the
 * loan is read or when it cannot be, what to show instead. */
function detailRows({read, now, theme, closedBy, prices, serverNow, targets, liveLoan, note}: DetailProps & {note?: string}, columns: number, bodyRows: number): ReactElement[] | ReactElement {
	if (read.status === 'loading') return <Spinner label="Reading the loan…" color={theme.accent} />;
	if (read.status === 'error') return <ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />;
	const lines = (text: string, key: string, props: {color?: string} = {}) =>
		wrapLines(text, columns).map((line, i) => (
			<Text key={`${key}${i}`} wrap="truncate" color={props.color}>
				{line}
			</Text>
		));
	return [
		...(note !== undefined ? lines(`✓ ${note}`, 'note', {color: theme.good}) : []),
		...(read.error !== undefined ? lines(`✗ Refresh failed: ${errorLine(read.error)} (showing the last answer)`, 'error', {color: theme.bad}) : []),
		...(read.loan
			? loanFigureRows({loan: liveLoan ?? read.loan, live: liveLoan !== undefined, now, theme, prices, serverNow, targets, short: bodyRows < SHORT_ROWS}, columns)
			: closedBy !== undefined
				? lines('Nothing is owed on it any more. The History screen has its records.', 'closed')
				: lines('This loan is closed (repaid or liquidated): nothing to repay or change. The History screen has its records.', 'closed')),
	];
}

/** The text the step takes (an amount, a setting), with why it was not taken. */
function StepField({label, state, theme, placeholder}: {label: string; state: LoanActionState; theme: Theme; placeholder?: string}) {
	return <TextField label={label} labelWidth={18} value={state.amount} cursor={state.cursor} focused theme={theme} error={state.error} placeholder={placeholder} />;
}

/** The safety margin or target LTV being typed, with what it is measured against. */
function SettingField({setting, state, loan, theme}: {setting: LoanSetting; state: LoanActionState; loan: OngoingLoan; theme: Theme}) {
	return (
		<Box flexDirection="column">
			<StepField
				label={setting === 'margin' ? 'Margin (points)' : 'Target LTV (%)'}
				state={state}
				theme={theme}
				placeholder={setting === 'margin' ? `default ${marginPoints(DEFAULT_SAFETY_MARGIN)}` : 'default: the initial LTV'}
			/>
			<Text dimColor wrap="wrap">
				{setting === 'margin'
					? `"Max withdrawable" keeps the LTV this many points under the margin call (${ltvPercent(loan.supRate)}). Kept for every loan; empty: 5.`
					: `"Add … to get back to" aims at this LTV (now ${ltvPercent(loan.pledgeRate)}). Kept for every loan; empty: the pledge coin's initial LTV.`}
			</Text>
		</Box>
	);
}

function Summary({loan, now = false}: {loan: OngoingLoan; now?: boolean}) {
	return (
		<Text dimColor wrap="wrap">
			{now ? 'now: ' : ''}owes {withCoin(owed(loan), sanitize(loan.loanCoin))} (interest {withCoin(loan.interestAmount, sanitize(loan.loanCoin))}) · collateral{' '}
			{withCoin(loan.pledgeAmount, sanitize(loan.pledgeCoin))} · LTV {ltvPercent(loan.pledgeRate)} (call {ltvPercent(loan.supRate)}, liq {ltvPercent(loan.forceRate)})
		</Text>
	);
}

function Result({outcome, after, orderId, theme}: {outcome: ActionOutcome; after: OngoingLoan | null | undefined; orderId: string; theme: Theme}) {
	return (
		<Box flexDirection="column" borderStyle="double" paddingX={1}>
			<Text bold color={theme.good} wrap="wrap">
				✓ {outcome.headline}
			</Text>
			<Text wrap="truncate">  {'Order'.padEnd(16)}{orderId}</Text>
			{outcome.rows.map(([label, value]) => (
				<Text key={label} wrap="wrap">
					{'  '}
					{label.padEnd(16)}
					{value}
				</Text>
			))}
			{after === undefined ? <Text dimColor>Reading the loan again…</Text> : after === null ? null : <Summary loan={after} now />}
			<Text dimColor wrap="truncate">
				Enter or Esc: back to the loan
			</Text>
		</Box>
	);
}
