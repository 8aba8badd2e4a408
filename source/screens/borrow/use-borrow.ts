// The borrow wizard's state, reads and actions: the input steps are the wizard reducer's (reducer.ts); from the review
// on, the one POST and its outcome are useMoneyPost's (ui/money/use-money-post.ts). The keys (keys.ts) and the view
// (borrow-screen.tsx) take what this returns.
import type {ChartDays} from '../../ui/components/pair-chart.js';
import {useCallback, useEffect, useReducer, useState} from 'react';
import type {BorrowRequest} from '../../api/types.js';
import type {MoneyIntent, MoneyResult} from '../../operations/money-pipeline.js';
import type {MoneyPostState} from '../../operations/money-post.js';
import {copiedMessage} from '../../services/clipboard.js';
import type {CredentialsState} from '../../services/credentials-access.js';
import {errorLine} from '../../format/describe-error.js';
import type {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import type {CoinLike} from '../../ui/fields/coin-rules.js';
import {useTextField, type TextFieldInput} from '../../ui/fields/use-text-field.js';
import {useBodySize} from '../../ui/layout.js';
import {moneyStage, type MoneyStage} from '../../ui/money/money-review-bindings.js';
import {useMoneyPost} from '../../ui/money/use-money-post.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import {useStore} from '../../ui/use-store.js';
import type {TerminalSize} from '../../ui/use-terminal-size.js';
import type {BorrowPrefill} from '../routes.js';
import {backLeaves, borrowMemoryOf, initialWizard, refusedCoinStep, wizardReducer, type WizardAction, type WizardState, type WizardStep} from './reducer.js';
import {useBorrowReview, type BorrowReview} from './use-borrow-review.js';
import {useBorrowCredentials} from './use-borrow-credentials.js';
import {useCoinStep, type CoinStep} from './use-coin-step.js';

/** What the screen shows: a wizard step, or where the borrow request is once the review was confirmed. */
export type Stage = WizardStep | MoneyStage;

/** The review's chart of the pair (g): its last 7 days, or 30 (t). */

/** A refusal or an unknown outcome stays on the top line until a borrow succeeds. */
const BORROW_REPORT = {source: 'borrow', what: () => 'Borrow'};

export interface BorrowState {
	wizard: WizardState;
	stage: Stage;
	/** From the review on: where the money post has the screen (undefined on the wizard's own steps). */
	money?: MoneyStage;
	post: MoneyPostState<BorrowRequest, MoneyResult>;
	coinStep: Omit<CoinStep, 'submit'>;
	review: BorrowReview;
	/** The review's check of exactly these values is over: the pipeline need not check them again
	 * (operations/borrow-check.ts); a y typed while it still loads leaves the pre-check to the pipeline. */
	prechecked: boolean;
	form: ReturnType<typeof useCredentialsForm>;
	credentials: CredentialsState;
	copied?: string;
	/** The review shows the pair's chart over these days instead of its rows (undefined: the rows). */
	chart?: ChartDays;
	/** The money record keeps the order (not in demo mode). */
	kept: boolean;
	body: TerminalSize;
}

export interface BorrowActions {
	dispatch(action: WizardAction): void;
	/** Esc on an input step: back a step, or out of the wizard at once from the step it leaves from (reducer.ts
	 * backLeaves), so the next Esc of the same read acts on the screen below. */
	back(): void;
	/** Enter on a text step (a coin step may wait for the coin list). */
	submit(): void;
	text: TextFieldInput;
	paste(text: string): void;
	/** y on the review: exactly these values (ui/money/use-money-post.ts confirm). */
	confirm(intent: MoneyIntent, request: BorrowRequest, body: string): void;
	/** n on the review: back to the step holding the value refused, else to the amount. */
	change(): void;
	decline(): void;
	review(): void;
	home(): void;
	copyOrderId(): void;
	/** g, t and Esc on the review: the chart over these days, or the rows again (undefined). */
	showChart(days: ChartDays | undefined): void;
}

export function useBorrow(prefill?: BorrowPrefill): {state: BorrowState; actions: BorrowActions} {
	const {credentials, clipboard, journal, inputs} = useServices();
	const navigation = useNavigation();
	const [wizard, dispatch] = useReducer(wizardReducer, prefill, (carried) => initialWizard(carried, inputs.borrow()));
	useEffect(() => {
		void credentials.load().then((loaded) => dispatch({type: 'credentials-needed', needed: loaded.status !== 'ready'}));
	}, [credentials]);
	const post = useMoneyPost<BorrowRequest>({report: BORROW_REPORT});
	const [copied, setCopied] = useState<string | undefined>(undefined);
	const [chart, setChart] = useState<ChartDays | undefined>(undefined);
	const money = moneyStage(post.state.phase, wizard.step === 'review');
	const stage: Stage = money ?? wizard.step;
	const review = useBorrowReview(wizard.values, stage);
	// The ages on the review tick on.
	useNow();
	const body = useBodySize();
	// After every change (the memory ignores a render that changed no value): kept for the session, and once the
	// server accepted them, for the next run.
	useEffect(() => (review.accepted ? inputs.acceptBorrow(borrowMemoryOf(wizard)) : inputs.rememberBorrow(borrowMemoryOf(wizard))));

	const submitText = useCallback((coins: readonly CoinLike[], allowed?: readonly string[]) => dispatch({type: 'submit', coins, allowed}), []);
	const {submit, ...coinStep} = useCoinStep(wizard, submitText);
	const back = () => (backLeaves(wizard) ? navigation.back() : dispatch({type: 'back'}));
	const form = useBorrowCredentials(wizard.step === 'credentials', dispatch, back);
	const text = useTextField({
		focused: coinStep.textField !== undefined,
		submit,
		// ↑/↓ move a suggestion only while the coin field shows some (the amount has none).
		...(coinStep.coinField && coinStep.suggestions.length > 0 ? {suggest: (by: number) => dispatch({type: 'suggest', by, coins: coinStep.coins})} : {}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});
	const {estimate, checks} = review;
	const actions: BorrowActions = {
		dispatch,
		back,
		submit,
		text,
		// Pasted text goes into the step's text field; on the review (or any other step) it is dropped: only a typed y sends.
		paste: (pasted) => (stage === 'credentials' ? void form.onPaste(pasted) : void text.onPaste(pasted)),
		confirm: post.confirm,
		change: () => {
			const refusals = [
				post.state.refusal === undefined ? undefined : errorLine(post.state.refusal),
				checks.blocked,
				estimate !== 'loading' && estimate && !estimate.ok ? errorLine(estimate.error) : undefined,
				checks.cost?.status === 'error' ? errorLine(checks.cost.error) : undefined,
			];
			setChart(undefined);
			dispatch({type: 'decline', to: refusedCoinStep(wizard.values, refusals)});
		},
		decline: post.decline,
		review: post.review,
		home: () => navigation.home(),
		copyOrderId: () => {
			clipboard?.copy(orderIdOf(post.state.result));
			setCopied(copiedMessage(clipboard, 'Order ID'));
		},
		showChart: setChart,
	};
	const credentialsState = useStore(credentials);
	const state: BorrowState = {
		wizard,
		stage,
		money,
		post: post.state,
		coinStep,
		review,
		prechecked: !checks.checking,
		form,
		credentials: credentialsState,
		copied,
		chart,
		kept: journal !== undefined,
		body,
	};
	return {state, actions};
}

export function orderIdOf(result: MoneyResult | undefined): string {
	return result?.kind === 'borrow' ? result.result.orderId : '';
}
