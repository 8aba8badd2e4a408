// One loan: its figures, and its actions — repay (all or part, release or keep the collateral), add or withdraw
// collateral — each through a review and an explicit y, sent once by the money post (ui/money), with the keys and
// views every money screen shares. After an unknown outcome the pipeline reads the loans again
// (operations/check-outcome.ts) and the finding is shown.
import React, {useEffect, useReducer, useRef, useState} from 'react';
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
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {MoneyPostView} from '../../ui/money/money-post-view.js';
import {MONEY_STAGE_TITLES, moneyInputMode, moneyReviewBindings, moneyStage, type MoneyStage} from '../../ui/money/money-review-bindings.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import type {Theme} from '../../ui/theme.js';
import {LoanFigures} from './loan-figures.js';
import {loanRequestBody, loanRequestOf, type LoanRequest, type LoanResult} from './loan-request.js';
import {initialLoanAction, loanActionReducer, type LoanActionState, type LoanStep} from './reducer.js';
import {LoanReview} from './review.js';
import {useLoan} from './use-loan.js';

type Stage = LoanStep | MoneyStage;

const TITLE: Record<Stage, string> = {
	view: '',
	'repay-mode': 'Repay: how much?',
	amount: 'How much?',
	'repay-unlock': 'Repay: the collateral',
	review: 'Review',
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

/** A new instance after each completed action: its money post starts fresh, its figures are read again. */
export function LoanScreen({orderId}: {orderId: string}) {
	const [generation, setGeneration] = useState(0);
	return <LoanDetail key={generation} orderId={orderId} onFinished={() => setGeneration((n) => n + 1)} />;
}

function LoanDetail({orderId, onFinished}: {orderId: string; onFinished: () => void}) {
	const {client, credentials, theme, connectedTo} = useServices();
	const navigation = useNavigation();
	const [state, dispatch] = useReducer(loanActionReducer, initialLoanAction);
	/** The loan as reviewed when y was typed: the check compares with it when the pipeline's own read fails. */
	const reviewed = useRef<OngoingLoan | undefined>(undefined);
	// The top line tells a refused or unknown repay or collateral change until the next one succeeds, named after
	// what was posted, not what the screen shows now (going back must not rename the error).
	const post = useMoneyPost((request: LoanRequest) => ({...request, loan: reviewed.current}), {report: {source: 'loan', what: postedName}});
	const money = moneyStage(post.state.phase, state.step === 'review');
	const stage: Stage = money ?? state.step;
	const loanRead = useLoan(client, credentials, orderId, stage === 'view');
	const now = useNow();
	const loan = loanRead.state.status === 'ready' ? loanRead.state.loan : undefined;

	const {refresh} = loanRead;
	// The check after an unknown outcome is over: the figures are read again.
	useEffect(() => {
		if (post.state.check.status === 'done') refresh();
	}, [post.state.check.status, refresh]);

	const amountField = useTextField({
		focused: stage === 'amount',
		submit: () => loan && dispatch({type: 'submit', loan}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});

	const back: Binding = {keys: ['Esc'], description: 'back a step', handler: () => dispatch({type: 'back'})};
	const choice = (submit: string): Binding[] => [
		...choiceBindings({submit: () => loan && dispatch({type: 'submit', loan}), move: (move) => dispatch({type: 'select', move})}, {count: 2, submit}),
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
					refreshBinding(refresh, 'read the loan again'),
				];
			case 'repay-mode':
				return choice('next');
			case 'repay-unlock':
				return choice('review');
			case 'amount':
				// Esc first: the text row comes last and takes every other key.
				return [back, ...amountField.bindings({submit: 'next (checked here first)'})];
			case 'review':
				return [];
		}
	};
	const bindings = money
		? moneyReviewBindings(post, {
				verb: state.action === 'repay' ? 'repay' : state.action === 'add' ? 'add collateral' : 'withdraw collateral',
				send: () => {
					if (!loan) return;
					const request = loanRequestOf(state, loan);
					reviewed.current = loan;
					post.confirm(request, loanRequestBody(request));
				},
				change: () => dispatch({type: 'back'}),
				home: () => navigation.home(),
				done: {description: 'back to the loan', handler: onFinished},
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
		mode: money ? moneyInputMode(money) : stage === 'amount' ? 'text' : 'navigate',
		bindings,
		// Only the amount field takes a paste; on the review it is dropped: only a typed y sends.
		onPaste: (text) => {
			amountField.onPaste(text);
		},
	});

	// Titles read "Screen · where · what" on every screen ("Borrow · 2 of 6 · Pledge coin").
	const heading = loan ? `Loan · ${orderId} · ${sanitize(loan.loanCoin)} against ${sanitize(loan.pledgeCoin)}` : `Loan · ${orderId}`;
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				{heading}
				{TITLE[stage] ? ` · ${TITLE[stage]}` : ''}
				{stage === 'view' && loanRead.state.status === 'ready' ? (
					<Text bold={false} color={undefined} dimColor>
						{' '}· updated {ago(loanRead.state.at, Math.max(now, loanRead.state.at))}
						{loanRead.state.refreshing ? ' · refreshing…' : ''}
					</Text>
				) : null}
			</Text>
			{stage === 'view' ? <DetailBody read={loanRead.state} now={now} theme={theme} /> : null}
			{stage !== 'view' && loan ? <Summary loan={loan} /> : null}
			{stage === 'repay-mode' ? <ChoiceList choices={REPAY_CHOICES} selected={state.repayAll ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'amount' && loan ? (
				<TextField
					label={state.action === 'repay' ? `Repay (${sanitize(loan.loanCoin)})` : `${state.action === 'add' ? 'Add' : 'Withdraw'} (${sanitize(loan.pledgeCoin)})`}
					labelWidth={18}
					value={state.amount}
					cursor={state.cursor}
					focused
					theme={theme}
					error={state.error}
				/>
			) : null}
			{stage === 'repay-unlock' ? <ChoiceList choices={UNLOCK_LABELS} selected={state.unlock ? 0 : 1} focused color={theme.accent} keys="numbers" /> : null}
			{stage === 'review' && loan ? (
				<LoanReview state={state} loan={loan} connectedTo={connectedTo} refusal={post.state.refusal} confirmAgain={post.state.confirmAgain} theme={theme} />
			) : null}
			<MoneyPostView post={post.state} sending={state.action === 'repay' ? 'the repayment' : 'the collateral change'} />
			{stage === 'result' && post.state.result && post.state.result.kind !== 'borrow' ? <Result result={post.state.result} state={state} orderId={orderId} theme={theme} /> : null}
		</Box>
	);
}

/** What a posted loan request is called on the top line. */
function postedName(posted: LoanRequest): string {
	return posted.kind === 'revisePledge' ? (posted.request.reviseType === 'IN' ? 'Add collateral' : 'Withdraw collateral') : 'Repay';
}

function DetailBody({read, now, theme}: {read: ReturnType<typeof useLoan>['state']; now: number; theme: Theme}) {
	if (read.status === 'loading') return <Spinner label="Reading the loan…" color={theme.accent} />;
	if (read.status === 'error') return <ErrorMessage error={read.error} color={theme.bad} action="Ctrl+R to retry" />;
	return (
		<Box flexDirection="column">
			{read.error !== undefined ? <Text color={theme.bad} wrap="truncate">✗ Refresh failed: {errorLine(read.error)} (showing the last answer)</Text> : null}
			{read.loan ? (
				<>
					<LoanFigures loan={read.loan} now={now} theme={theme} />
					<Text> </Text>
					<Text wrap="truncate">r repay · a add collateral · w withdraw collateral · Esc back to the loans</Text>
				</>
			) : (
				<Text wrap="truncate">This loan is no longer open (repaid or liquidated). The History screen has its records.</Text>
			)}
		</Box>
	);
}

function Summary({loan}: {loan: OngoingLoan}) {
	return (
		<Text dimColor wrap="truncate">
			owes {withCoin(owed(loan), sanitize(loan.loanCoin))} (interest {withCoin(loan.interestAmount, sanitize(loan.loanCoin))}) · collateral {withCoin(loan.pledgeAmount, sanitize(loan.pledgeCoin))} · LTV{' '}
			{ltvPercent(loan.pledgeRate)} (call {ltvPercent(loan.supRate)}, liq {ltvPercent(loan.forceRate)})
		</Text>
	);
}

function Result({result, state, orderId, theme}: {result: LoanResult; state: LoanActionState; orderId: string; theme: Theme}) {
	const lines =
		result.kind === 'repay'
			? [
					`✓ Repaid on order ${orderId}`,
					`  repayAmount        ${withCoin(result.result.repayAmount, sanitize(result.result.loanCoin))}`,
					`  payInterest        ${withCoin(result.result.payInterest, sanitize(result.result.loanCoin))}`,
					`  repayLoanAmount    ${withCoin(result.result.repayLoanAmount, sanitize(result.result.loanCoin))}`,
					`  repayUnlockAmount  ${withCoin(result.result.repayUnlockAmount, sanitize(result.result.pledgeCoin))} released`,
				]
			: [
					`✓ Collateral ${state.action === 'add' ? 'added' : 'withdrawn'}: ${state.amount} ${sanitize(result.result.pledgeCoin)} on order ${orderId}`,
					`  afterPledgeRate    ${ltvPercent(result.result.afterPledgeRate)} (LTV now)`,
				];
	return (
		<Box flexDirection="column" borderStyle="double" paddingX={1}>
			{lines.map((line, i) => (
				<Text key={i} bold={i === 0} color={i === 0 ? theme.good : undefined} wrap="truncate">
					{line}
				</Text>
			))}
			<Text dimColor wrap="truncate">
				Enter or Esc: back to the loan
			</Text>
		</Box>
	);
}
