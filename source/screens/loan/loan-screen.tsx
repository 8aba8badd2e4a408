// One loan: its figures, and its actions — repay (all or part, release or keep the collateral), add or withdraw
// collateral — each through a review and an explicit y, sent once by the money post (ui/money). After an unknown
// outcome the pipeline reads the loans again (operations/check-outcome.ts) and the finding is shown.
import React, {useEffect, useReducer, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {fixedPercent} from '../../format/money.js';
import {owed} from '../../format/loans.js';
import {sanitize} from '../../format/sanitize.js';
import {ago} from '../../format/time.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {errorLine} from '../../format/describe-error.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {useTextField} from '../../ui/fields/use-text-field.js';
import {routeChoiceKey} from '../../ui/fields/field-keys.js';
import {TextField} from '../../ui/fields/text-field.js';
import type {KeyHelp} from '../../ui/keys/key-help.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {OutcomeUnknownView} from '../../ui/money/outcome-unknown-view.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import type {Theme} from '../../ui/theme.js';
import {LoanFigures} from './loan-figures.js';
import {loanRequestBody, loanRequestOf, type LoanRequest, type LoanResult} from './loan-request.js';
import {initialLoanAction, loanActionReducer, type LoanActionState, type LoanStep} from './reducer.js';
import {LoanReview} from './review.js';
import {useLoan} from './use-loan.js';

type Stage = LoanStep | 'sending' | 'result' | 'unknown';

const KEYS: Record<Stage, KeyHelp[]> = {
	view: [
		{keys: 'r', action: 'repay', footer: true},
		{keys: 'a', action: 'add collateral', footer: true},
		{keys: 'w', action: 'withdraw collateral', footer: true},
		{keys: 'Ctrl+R', action: 'refresh now'},
	],
	'repay-mode': [{keys: '↑/↓', action: 'choose', footer: true}, {keys: 'Enter', action: 'next', footer: true}],
	amount: [{keys: 'Enter', action: 'next (checked here first)', footer: true}],
	'repay-unlock': [{keys: '↑/↓', action: 'choose', footer: true}, {keys: 'Enter', action: 'review', footer: true}],
	review: [{keys: 'y', action: 'send (only y sends)', footer: true}, {keys: 'n', action: 'change values', footer: true}, {keys: 'Enter', action: 'does nothing here'}],
	sending: [],
	result: [{keys: 'Enter', action: 'back to the loan', footer: true}],
	unknown: [{keys: 'Enter', action: 'back to the loan', footer: true}, {keys: 'Esc', action: 'back to review (sending again needs a second y)'}],
};

const TITLE: Record<Stage, string> = {
	view: '',
	'repay-mode': 'Repay: how much?',
	amount: 'How much?',
	'repay-unlock': 'Repay: the collateral',
	review: 'Review',
	sending: 'Sending',
	result: 'Done',
	unknown: 'Outcome unknown',
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
	const {client, credentials, theme, connectedTo, reconcileMs} = useServices();
	const [state, dispatch] = useReducer(loanActionReducer, initialLoanAction);
	/** The loan as reviewed when y was typed: the check compares with it when the pipeline's own read fails. */
	const reviewed = useRef<OngoingLoan | undefined>(undefined);
	// The top line tells a refused or unknown repay or collateral change until the next one succeeds, named after
	// what was posted, not what the screen shows now (going back must not rename the error).
	const post = useMoneyPost((request: LoanRequest) => ({...request, loan: reviewed.current}), {report: {source: 'loan', what: postedName}});
	const {phase} = post.state;
	const stage: Stage = phase === 'posting' ? 'sending' : phase === 'done' ? 'result' : phase === 'unknown' ? 'unknown' : state.step;
	const loanRead = useLoan(client, credentials, orderId, stage === 'view');
	const now = useNow();
	const loan = loanRead.state.status === 'ready' ? loanRead.state.loan : undefined;

	const {refresh} = loanRead;
	// The check after an unknown outcome is over: the figures are read again.
	useEffect(() => {
		if (post.state.check.status === 'done') refresh();
	}, [post.state.check.status, refresh]);

	const finishUnknown = () => {
		post.review();
		dispatch({type: 'finish'});
		refresh();
	};

	const amountField = useTextField({
		focused: stage === 'amount',
		submit: () => loan && dispatch({type: 'submit', loan}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});

	useScreenInput({
		mode: stage === 'amount' ? 'text' : 'navigate',
		keys: KEYS[stage],
		onKey: (input, key) => {
			if (stage === 'sending') return;
			if (stage === 'result') {
				if (key.return) onFinished();
				return;
			}
			if (stage === 'unknown') {
				if (key.return) finishUnknown();
				return;
			}
			if (key.ctrl && input === 'r' && stage === 'view') return refresh();
			if (!loan) return;
			switch (stage) {
				case 'view':
					if (input === 'r') dispatch({type: 'start', action: 'repay'});
					else if (input === 'a') dispatch({type: 'start', action: 'add'});
					else if (input === 'w') dispatch({type: 'start', action: 'withdraw'});
					return;
				case 'repay-mode':
				case 'repay-unlock':
					return routeChoiceKey(input, key, {submit: () => dispatch({type: 'submit', loan}), move: (move) => dispatch({type: 'select', move})});
				case 'amount':
					return amountField.onKey(input, key);
				case 'review':
					// Only a typed y sends (a paste never reaches here); n drops a pending second y, then goes back.
					if (input === 'y' || input === 'Y') {
						const request = loanRequestOf(state, loan);
						reviewed.current = loan;
						post.confirm(request, loanRequestBody(request));
					} else if (input === 'n' || input === 'N') {
						if (post.state.confirmAgain) post.decline();
						else dispatch({type: 'back'});
					}
					return;
			}
		},
		onPaste: (text) => {
			amountField.onPaste(text);
		},
		onBack: () => {
			if (stage === 'sending') return true;
			if (stage === 'result') {
				onFinished();
				return true;
			}
			if (stage === 'unknown') {
				post.review();
				return true;
			}
			if (stage === 'review' && post.state.confirmAgain) {
				post.decline();
				return true;
			}
			if (stage === 'view') return false;
			dispatch({type: 'back'});
			return true;
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
			{stage === 'repay-mode' ? <ChoiceList choices={REPAY_CHOICES} selected={state.repayAll ? 0 : 1} focused color={theme.accent} /> : null}
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
			{stage === 'repay-unlock' ? <ChoiceList choices={UNLOCK_LABELS} selected={state.unlock ? 0 : 1} focused color={theme.accent} /> : null}
			{stage === 'review' && loan ? (
				<LoanReview state={state} loan={loan} connectedTo={connectedTo} refusal={post.state.refusal} confirmAgain={post.state.confirmAgain} theme={theme} />
			) : null}
			{stage === 'sending' ? <Spinner label="Sending… (keys are ignored until the server answers)" color={theme.accent} /> : null}
			{stage === 'result' && post.state.result && post.state.result.kind !== 'borrow' ? <Result result={post.state.result} state={state} orderId={orderId} theme={theme} /> : null}
			{stage === 'unknown' ? (
				<>
					<OutcomeUnknownView post={post.state} checkMs={reconcileMs} theme={theme} />
					<Text dimColor wrap="truncate">
						Esc: back to review · Enter: back to the loan
					</Text>
				</>
			) : null}
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
			owes {owed(loan)} {sanitize(loan.loanCoin)} (interest {loan.interestAmount}) · collateral {loan.pledgeAmount} {sanitize(loan.pledgeCoin)} · LTV {fixedPercent(loan.pledgeRate)} (call{' '}
			{fixedPercent(loan.supRate)}, liq {fixedPercent(loan.forceRate)})
		</Text>
	);
}

function Result({result, state, orderId, theme}: {result: LoanResult; state: LoanActionState; orderId: string; theme: Theme}) {
	const lines =
		result.kind === 'repay'
			? [
					`✓ Repaid on order ${orderId}`,
					`  repayAmount        ${result.result.repayAmount} ${sanitize(result.result.loanCoin)}`,
					`  payInterest        ${result.result.payInterest} ${sanitize(result.result.loanCoin)}`,
					`  repayLoanAmount    ${result.result.repayLoanAmount} ${sanitize(result.result.loanCoin)}`,
					`  repayUnlockAmount  ${result.result.repayUnlockAmount} ${sanitize(result.result.pledgeCoin)} released`,
				]
			: [
					`✓ Collateral ${state.action === 'add' ? 'added' : 'withdrawn'}: ${state.amount} ${sanitize(result.result.pledgeCoin)} on order ${orderId}`,
					`  afterPledgeRate    ${fixedPercent(result.result.afterPledgeRate)} (LTV now)`,
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
