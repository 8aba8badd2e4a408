// The one way loan-tui sends a POST that moves money (borrow, repay, add or withdraw collateral), for the CLI and the
// app alike. Each call sends at most one POST, and goes through the same steps:
//   begin (the run's money guard: nothing starts once it is closing)
//   → a borrow's pre-check (borrow-check.ts), unless the adapter ran it on the same request
//   → snapshot (the loans just before the send, so that nothing already there is taken for this POST's work)
//   → record "sending" (state/money-journal.ts: on disk before the POST leaves; if it cannot be written, nothing is sent)
//   → send (api/client.ts classifies the answer: done, refused before execution, or unknown)
//   → record the outcome
//   → when unknown: check (check-outcome.ts: read the loans again, within the time bound) → record what it found.
// An abort of `signal` or of the guard (Ctrl+C, SIGTERM, SIGHUP, quitting) is answered in every phase: before the send
// nothing is sent; during the send the outcome is unknown; during the check the check stops with what it learned.
// The records are written either way. Adapters: cli/money-command.ts and ui/money/use-money-post.ts.
import type {BitgetClient, MoneyPoster} from '../api/client.js';
import {ApiError, InputError, InterruptedError, NetworkError, OutcomeUnknownError} from '../api/errors.js';
import {moneyBody} from '../api/money-bodies.js';
import type {OngoingLoan, RepayResult, RevisePledgeResult} from '../api/loan-types.js';
import type {AccountFamily, LoanOrder} from '../api/types.js';
import {sanitize} from '../format/sanitize.js';
import type {Finding, MoneyRequest, SentRequest} from '../loans/evidence.js';
import type {MoneyJournal, MoneyOperation, MoneyRecord} from '../state/money-journal.js';
import {checkBorrow, CoinListUnreadableError} from './borrow-check.js';
import {checkOutcome, type CheckResult} from './check-outcome.js';
import type {MoneyFlight, MoneyGuard, UnknownOutcome} from './money-guard.js';
import {failureText, observerFor, takeSnapshot} from './observe.js';
import {findingMessage} from './finding-words.js';

/** What to send: the request, and for repay and collateral the loan as the person reviewed it. A borrow is checked
 * against Bitget's lists and limits first (borrow-check.ts) unless the adapter already did with the same request. */
export type MoneyIntent = MoneyRequest & {loan?: OngoingLoan; prechecked?: boolean};

export type MoneyResult = {kind: 'borrow'; result: LoanOrder} | {kind: 'repay'; result: RepayResult} | {kind: 'revisePledge'; result: RevisePledgeResult};

/** What went out (or was about to): for reports and the record. */
export interface SentValues {
	operation: MoneyOperation;
	/** The body's fields exactly as sent. */
	values: Record<string, string>;
	origin: string;
}

type MoneyPhase = 'preparing' | 'recording' | 'sending' | 'finishing' | 'checking';

/** The POST's answer, once it is in (before it is recorded and, when unknown, checked). The client throws anything
 * but these three kinds only when the request cannot have reached the server: not sent. */
export type MoneyAnswer =
	| {status: 'done'; result: MoneyResult}
	| {status: 'refused'; error: ApiError}
	| {status: 'not-sent'; error: unknown}
	| {status: 'unknown'; error: OutcomeUnknownError};

export interface MoneyProgress {
	phase: MoneyPhase;
	sent: SentValues;
	/** From 'finishing' on. */
	answer?: MoneyAnswer;
	/** From 'checking' on: why the outcome is unknown. */
	unknown?: OutcomeUnknownError;
	/** During the check: what the last read found. */
	finding?: Finding;
}

interface Recorded {
	sent: SentValues;
	/** The record on disk (none in demo mode, or when none could be written for a POST that was not sent). */
	record?: MoneyRecord;
	/** The record could not be updated after the POST: what it says is older than the outcome. */
	recordProblem?: string;
}

export type MoneyOutcome =
	/** Nothing left this machine: a local check, an interruption before the send, a record that could not be written,
	 * or a connection that was never made. */
	| (Recorded & {status: 'not-sent'; error: unknown})
	/** The server refused before acting (api/money-codes.ts). */
	| (Recorded & {status: 'refused'; error: ApiError})
	| (Recorded & {status: 'done'; result: MoneyResult})
	/** Unknown; `check` is what the loans said since (none when the wait was interrupted: the person wants out). */
	| (Recorded & {status: 'unknown'; error: OutcomeUnknownError; check?: CheckResult});

export interface MoneyDeps {
	client: BitgetClient;
	guard: MoneyGuard;
	/** The money record (none in demo mode: the simulator's orders end with the run). */
	journal?: MoneyJournal;
	/** The check's time bound (LOAN_TUI_RECONCILE_SECONDS). */
	checkMs: number;
	/** Wall clock for the record. */
	now?: () => number;
}

export interface SendOptions {
	signal?: AbortSignal;
	/** Ends the check after an unknown outcome only (a watch that is stopping): the POST itself runs to its answer. */
	checkSignal?: AbortSignal;
	onProgress?: (progress: MoneyProgress) => void;
}

/** How long the snapshot may take before the POST goes out without it. */
const SNAPSHOT_MS = 5_000;

const OPERATION: Record<MoneyIntent['kind'], MoneyOperation> = {borrow: 'borrow', repay: 'repay', revisePledge: 'collateral'};
/** The body's own fields as text (booleans and numbers too); anything nested is left out. */
function bodyValues(body: string): Record<string, string> {
	const values: Record<string, string> = {};
	const parsed: unknown = JSON.parse(body);
	if (typeof parsed !== 'object' || parsed === null) return values;
	for (const [name, value] of Object.entries(parsed)) {
		if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
	}
	return values;
}

/** Posts exactly `body`, built for `family`. */
async function post(poster: MoneyPoster, kind: MoneyIntent['kind'], body: string, family: AccountFamily, signal: AbortSignal): Promise<MoneyResult> {
	switch (kind) {
		case 'borrow':
			return {kind, result: await poster.post(kind, body, family, {signal})};
		case 'repay':
			return {kind, result: await poster.post(kind, body, family, {signal})};
		case 'revisePledge':
			return {kind, result: await poster.post(kind, body, family, {signal})};
	}
}

const notSentByInterrupt = (operation: MoneyOperation, reason: unknown) =>
	new InputError(
		`${reason instanceof InterruptedError && reason.signalName ? `interrupted by ${reason.signalName}` : 'interrupted'} before the ${operation === 'collateral' ? 'collateral change' : operation} was sent: nothing was sent`,
	);

export async function sendMoney(intent: MoneyIntent, deps: MoneyDeps, options: SendOptions = {}): Promise<MoneyOutcome> {
	const {client, guard, journal} = deps;
	const now = deps.now ?? Date.now;
	const operation = OPERATION[intent.kind];
	let sent: SentValues;
	try {
		// Bad input is refused before anything else: checked as a unified account's body (the wider one), whose values
		// stand for the request until the account's family is known and the body sent is built.
		sent = {operation, values: bodyValues(moneyBody(intent, 'unified')), origin: client.origin};
	} catch (error) {
		return {status: 'not-sent', error, sent: {operation, values: {}, origin: client.origin}};
	}
	const progress = (phase: MoneyPhase, more: Partial<MoneyProgress> = {}) => options.onProgress?.({phase, sent, ...more});
	let flight: MoneyFlight;
	try {
		flight = guard.begin(operation);
	} catch (error) {
		return {status: 'not-sent', error, sent};
	}
	const signal = options.signal ? AbortSignal.any([flight.signal, options.signal]) : flight.signal;
	let unknownOutcome: UnknownOutcome | undefined;
	try {
		const outcome = await run();
		if (outcome.status === 'unknown') {
			unknownOutcome = {
				operation,
				values: sent.values,
				orderId: outcome.error.orderId ?? sent.values.orderId,
				finding: outcome.check && {status: outcome.check.status, message: findingMessage(outcome.check)},
			};
		}
		return outcome;
	} finally {
		flight.end(unknownOutcome);
	}

	async function run(): Promise<MoneyOutcome> {
		// Refused here, before any read, and checked only here for this send: credentials, and plain http to a host
		// that is not this machine.
		let poster: MoneyPoster;
		try {
			poster = client.moneyPoster(intent.kind);
		} catch (error) {
			return {status: 'not-sent', error, sent};
		}
		progress('preparing');
		// The account's family decides the path and the body (a unified account's repay says its method): the body is
		// built once, here, and the body recorded is the body sent.
		let family: AccountFamily;
		let body: string;
		try {
			family = await client.accountFamily({signal});
			body = moneyBody(intent, family);
			sent.values = bodyValues(body);
		} catch (error) {
			return {status: 'not-sent', error: signal.aborted ? notSentByInterrupt(operation, signal.reason) : error, sent};
		}
		if (intent.kind === 'borrow' && !intent.prechecked) {
			try {
				const verdict = await checkBorrow(client, intent.request, signal);
				if (verdict.status === 'refused') return {status: 'not-sent', error: new InputError(`not borrowed: ${verdict.reason}`), sent};
				if (verdict.status === 'unreadable')
					return {status: 'not-sent', error: new CoinListUnreadableError(`not borrowed: ${verdict.reason}`, verdict.error), sent};
			} catch (error) {
				return {status: 'not-sent', error: signal.aborted ? notSentByInterrupt(operation, signal.reason) : error, sent};
			}
		}
		let snapshot: Awaited<ReturnType<typeof takeSnapshot>>;
		// Bounded: a slow server must not hold the POST back long; without a snapshot the check is only more careful.
		const bound = AbortSignal.timeout(SNAPSHOT_MS);
		try {
			snapshot = await takeSnapshot(client, intent, AbortSignal.any([signal, bound]));
		} catch (error) {
			if (signal.aborted) return {status: 'not-sent', error: notSentByInterrupt(operation, signal.reason), sent};
			if (!bound.aborted) return {status: 'not-sent', error, sent};
			snapshot = {snapshot: {}, problems: [`the loans before the send could not be read within ${SNAPSHOT_MS / 1000} s`]};
		}
		progress('recording');
		let record: MoneyRecord | undefined;
		if (journal) {
			try {
				record = await journal.open({time: now(), operation, origin: client.origin, values: sent.values});
			} catch (error) {
				return {status: 'not-sent', error: new InputError(`nothing was sent: the local money record could not be written (${failureText(error)})`), sent};
			}
		}
		const recordAs = async (patch: Partial<MoneyRecord>): Promise<string | undefined> => {
			if (!journal || !record) return undefined;
			record = {...record, ...patch, updated: now()};
			try {
				await journal.update(record);
				return undefined;
			} catch (error) {
				return `the local money record could not be updated (${failureText(error)}); it may still say "sending"`;
			}
		};
		if (signal.aborted) {
			const error = notSentByInterrupt(operation, signal.reason);
			const recordProblem = await recordAs({outcome: 'not-sent', detail: error.message});
			return {status: 'not-sent', error, sent, record, recordProblem};
		}

		progress('sending');
		const sentAt = client.clock.now();
		let result: MoneyResult | undefined;
		let failure: unknown;
		try {
			result = await post(poster, intent.kind, body, family, signal);
		} catch (error) {
			failure = error;
		}
		flight.answered();
		const answer = answerOf(result, failure, operation);
		progress('finishing', {answer});
		switch (answer.status) {
			case 'done': {
				const recordProblem = await recordAs({outcome: 'done', orderId: answer.result.kind === 'borrow' ? answer.result.result.orderId : sent.values.orderId});
				return {...answer, sent, record, recordProblem};
			}
			case 'refused': {
				const recordProblem = await recordAs({outcome: 'refused', detail: failureText(answer.error)});
				return {...answer, sent, record, recordProblem};
			}
			case 'not-sent': {
				const recordProblem = await recordAs({outcome: 'not-sent', detail: failureText(answer.error)});
				return {...answer, sent, record, recordProblem};
			}
		}
		const {error} = answer;
		const orderId = error.orderId ?? sent.values.orderId;
		let recordProblem = await recordAs({outcome: 'unknown', detail: sanitize(error.what), ...(orderId ? {orderId} : {})});
		// After Ctrl+C or a signal the person wants out: reported at once, unchecked.
		if (error.failure instanceof InterruptedError || signal.aborted) return {status: 'unknown', error, sent, record, recordProblem};

		progress('checking', {unknown: error, answer});
		const sentRequest = {...intent, sentAt, snapshot: snapshot.snapshot, reviewed: intent.loan} as SentRequest;
		const check = await checkOutcome(sentRequest, observerFor(client, sentRequest), {
			totalMs: deps.checkMs,
			signal: options.checkSignal ? AbortSignal.any([signal, options.checkSignal]) : signal,
			onFinding: (finding) => progress('checking', {unknown: error, answer, finding}),
		});
		progress('finishing', {unknown: error, answer, finding: check});
		const found = check.status === 'found' || check.status === 'ambiguous' ? check.orderId : undefined;
		recordProblem =
			(await recordAs({finding: {status: check.status, message: findingMessage(check), checkedAt: now(), ...(found ? {orderId: found} : {})}})) ??
			recordProblem;
		return {status: 'unknown', error, sent, record, recordProblem, check};
	}
}

function answerOf(result: MoneyResult | undefined, failure: unknown, operation: MoneyOperation): MoneyAnswer {
	if (result) return {status: 'done', result};
	if (failure instanceof ApiError) return {status: 'refused', error: failure};
	if (failure instanceof OutcomeUnknownError) return {status: 'unknown', error: failure};
	if (failure instanceof InterruptedError) return {status: 'not-sent', error: notSentByInterrupt(operation, failure)};
	// A connection that was never made (host not found, connection refused): not a refusal, and not unknown either.
	if (failure instanceof NetworkError) return {status: 'not-sent', error: new NetworkError(`not sent: ${failure.message}`, failure.errorCode, failure.hint)};
	return {status: 'not-sent', error: failure};
}
