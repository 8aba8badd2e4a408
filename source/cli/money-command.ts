// The command line's adapter to the money pipeline (operations/money-pipeline.ts): it prints, the pipeline decides.
// Signals are part of it from the first read to the last record: the first Ctrl+C, SIGTERM or SIGHUP aborts whatever
// phase is running (before the send nothing is sent; after it the outcome is unknown and the check stops with what it
// learned), the records are written, and the report follows with exit 3. A second signal — or a first one the
// pipeline does not answer within a moment — quits at once with the report of what is known so far.
import {writeSync} from 'node:fs';
import {InterruptedError, OutcomeUnknownError} from '../api/errors.js';
import {sanitize} from '../format/sanitize.js';
import {createMoneyGuard, type MoneyGuard} from '../operations/money-guard.js';
import {sendMoney, type MoneyIntent, type MoneyOutcome, type MoneyProgress, type MoneyResult} from '../operations/money-pipeline.js';
import {checkingLine, unknownLines, type UnknownReport} from '../operations/outcome-words.js';
import {EXIT, type ExitCode} from '../runtime/exit-codes.js';
import {failurePayload, reportFailure, safeJson} from '../runtime/output.js';
import type {Session} from '../runtime/session.js';
import {moneyJournalAt} from '../state/money-journal.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const SIGNAL_EXIT: Record<(typeof SIGNALS)[number], number> = {SIGHUP: 129, SIGINT: 130, SIGTERM: 143};
/** After the first signal, how long the pipeline has to stop and write its records before the process quits anyway. */
const FIRST_SIGNAL_GRACE_MS = 2_000;

/** A caller that owns the signals (the watch): its guard, closed on its second signal, and the signal that ends a
 * check after an unknown outcome (its first). No handler of this module's is installed then. */
export interface SignalOwner {
	guard: MoneyGuard;
	stopChecking: AbortSignal;
}

/** Sends one money POST (the caller has the person's confirmation); returns its result, or the exit code after the
 * refusal or unknown outcome was reported, with the check's finding when it ran. */
export async function runMoneyPost(
	session: Session,
	intent: MoneyIntent,
	owner?: SignalOwner,
): Promise<{result: MoneyResult} | {exit: ExitCode | number; error?: unknown; found?: boolean}> {
	const checkMs = session.config.reconcileMs;
	const guard = owner?.guard ?? createMoneyGuard();
	const journal = session.config.demo ? undefined : moneyJournalAt(session.config.directories.state);
	const stderr = session.out.stderr as NodeJS.WritableStream & {isTTY?: boolean};
	let progress: MoneyProgress | undefined;
	let signalled: (typeof SIGNALS)[number] | undefined;
	const quitNow = () => {
		// Synchronous: the process ends right after this.
		if (signalled && progress) writeSync(2, quittingText(progress, signalled, session.out.json, journal !== undefined));
		process.exit(quittingCode(progress, signalled ?? 'SIGINT'));
	};
	const onSignal = (name: NodeJS.Signals) => {
		if (signalled !== undefined) return quitNow();
		signalled = name as (typeof SIGNALS)[number];
		guard.close(name);
		setTimeout(quitNow, FIRST_SIGNAL_GRACE_MS).unref();
	};
	if (!owner) for (const name of SIGNALS) process.on(name, onSignal);
	let told = false;
	let outcome: MoneyOutcome;
	try {
		outcome = await sendMoney(
			intent,
			{client: session.client, guard, journal, checkMs},
			{
				...(owner ? {checkSignal: owner.stopChecking} : {}),
				onProgress: (next) => {
					progress = next;
					if (next.phase === 'checking' && !told && !session.out.json && stderr.isTTY) {
						told = true;
						stderr.write(`Outcome unknown: ${checkingLine(checkMs)}\n`);
					}
				},
			},
		);
	} finally {
		// Handlers stay after a signal (doing nothing more than quitNow), so a second Ctrl+C cannot cut the report short;
		// they hold no handle open, so the process still ends when the report is written.
		if (signalled === undefined && !owner) for (const name of SIGNALS) process.off(name, onSignal);
	}
	const note = outcome.recordProblem && !session.out.json ? `Note: ${sanitize(outcome.recordProblem)}.\n` : '';
	switch (outcome.status) {
		case 'done':
			if (note) stderr.write(note);
			return {result: outcome.result};
		case 'refused':
		case 'not-sent': {
			if (note) stderr.write(note);
			// Interrupted before anything left: the signal's own status, as shells expect.
			if (signalled && outcome.status === 'not-sent') return {exit: SIGNAL_EXIT[signalled], error: outcome.error};
			return {exit: EXIT.refused, error: outcome.error};
		}
		case 'unknown':
			stderr.write(
				unknownText(
					{error: outcome.error, sent: outcome.sent, check: outcome.check, recordProblem: outcome.recordProblem, recorded: outcome.record !== undefined},
					session.out.json,
				),
			);
			return {exit: EXIT.outcomeUnknown, found: outcome.check?.status === 'found'};
	}
}

/** The report of an unknown outcome on stderr: the shared lines (operations/outcome-words.ts), or --json's error. */
function unknownText(report: UnknownReport, json: boolean): string {
	if (json) {
		const {error, check} = report;
		const payload = failurePayload(error);
		if (check) {
			payload.reconciliation = {
				status: check.status,
				...(check.orderId !== undefined ? {orderId: check.orderId} : {}),
				message: sanitize(check.message),
				reads: check.reads.map((read) => ({...read, ...(read.error !== undefined ? {error: sanitize(read.error)} : {})})),
				tries: check.tries,
				elapsedSeconds: Math.round(check.elapsedMs / 1000),
				...(check.timedOut ? {timedOut: true} : {}),
				...(check.interrupted ? {interrupted: true} : {}),
			};
		}
		payload.recorded = report.recorded && report.recordProblem === undefined;
		return `${safeJson({error: payload})}\n`;
	}
	const [headline, ...rest] = unknownLines(report);
	return `${[`loan-tui: ${headline}`, ...rest.map((line) => `  ${line}`), `  ${report.error.hint} Do not simply run the same command again.`].join('\n')}\n`;
}

/** The exit status when a second signal quits at once: what is known decides. */
function quittingCode(progress: MoneyProgress | undefined, signal: (typeof SIGNALS)[number]): number {
	if (progress === undefined || progress.phase === 'preparing' || progress.phase === 'recording') return SIGNAL_EXIT[signal];
	const status = progress.answer?.status;
	if (status === 'done') return EXIT.ok;
	if (status === 'refused' || status === 'not-sent') return EXIT.refused;
	return EXIT.outcomeUnknown;
}

/** What is known when a second signal quits at once. */
function quittingText(progress: MoneyProgress, signal: NodeJS.Signals, json: boolean, recorded: boolean): string {
	const {answer, sent} = progress;
	const what = sent.operation === 'collateral' ? 'collateral change' : sent.operation;
	if (progress.phase === 'preparing' || progress.phase === 'recording')
		return `loan-tui: interrupted by ${signal} before the ${what} was sent: nothing was sent.\n`;
	if (answer?.status === 'done') return `loan-tui: the ${what} was done (interrupted by ${signal} while it was being recorded).\n`;
	if (answer?.status === 'refused' || answer?.status === 'not-sent')
		return `loan-tui: the ${what} was not done: ${sanitize(answer.error instanceof Error ? answer.error.message : String(answer.error))}\n`;
	const error =
		answer?.status === 'unknown'
			? answer.error
			: new OutcomeUnknownError(new InterruptedError(signal), {
					operation: sent.operation === 'collateral' ? 'revisePledge' : sent.operation,
					sent: sent.values,
				});
	return unknownText({error, sent, partial: progress.finding, recorded}, json);
}

/** The exit of a POST that did not succeed: a refusal or nothing sent is reported here; an unknown outcome already was. */
export function failed(session: Session, outcome: {exit: ExitCode | number; error?: unknown}): ExitCode | number {
	if (outcome.error === undefined) return outcome.exit;
	const code = reportFailure(session.out, outcome.error, session.config.debug);
	// The signal's own status when a signal stopped it before anything was sent.
	return outcome.exit === EXIT.refused ? code : outcome.exit;
}
