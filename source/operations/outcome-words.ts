// The words for a money POST's outcome, written once for the CLI and the app: the same hostile case reads the same
// in both. Server text is sanitised here (it may carry escape sequences).
import type {OutcomeUnknownError} from '../api/errors.js';
import {sanitize} from '../format/sanitize.js';
import type {Finding, FindingStatus} from '../loans/evidence.js';
import type {CheckResult} from './check-outcome.js';
import type {UnknownOutcome} from './money-guard.js';
import type {SentValues} from './money-pipeline.js';
import {findingMessage} from './finding-words.js';

const FINDING_HEADLINE: Record<FindingStatus, string> = {
	found: 'found a match',
	ambiguous: 'more than one match',
	unclear: 'unclear',
	'not-found': 'nothing found',
	unchecked: 'not checked',
};

/** "borrow loanCoin=USDT pledgeCoin=BTC daily=SEVEN pledgeAmount=0.5". */
function describeSent(sent: Pick<SentValues, 'operation' | 'values'>): string {
	const fields = Object.entries(sent.values).map(([name, value]) => `${name}=${sanitize(value)}`);
	return [sent.operation, ...fields].join(' ');
}

/** "Checked since: nothing found — no order of these coins… (4 reads in 20 s; time bound reached)". */
function checkLine(check: CheckResult): string {
	return `Checked since: ${FINDING_HEADLINE[check.status]} — ${sanitize(findingMessage(check))}`;
}

/** While the check runs: what the last read found. */
export function checkingLine(totalMs: number, finding?: Finding): string {
	const bound = `reading again every 2 s, up to ${Math.round(totalMs / 1000)} s`;
	return finding
		? `Checking your loans (${bound}); so far: ${FINDING_HEADLINE[finding.status]} — ${sanitize(finding.message)}`
		: `Checking your loans for what happened (${bound})…`;
}

export interface UnknownReport {
	error: OutcomeUnknownError;
	sent: SentValues;
	check?: CheckResult;
	/** A check cut short before it could report: what its last read found. */
	partial?: Finding;
	/** Set when the record could not be updated. */
	recordProblem?: string;
	/** Whether a record of it is kept (none in demo mode). */
	recorded: boolean;
}

/** The report of an unknown outcome: headline, what happened, what was sent, what the check found, the record. The
 * last line (what to do next) is the adapter's: the CLI and the app offer different next steps. */
export function unknownLines(report: UnknownReport): string[] {
	const {error, sent, check} = report;
	const lines = [
		`OUTCOME UNKNOWN — ${error.subject}.`,
		`What happened: ${sanitize(error.what)}, after the request may have reached the server.`,
		`Sent: ${describeSent(sent)} (to ${sanitize(sent.origin)})`,
	];
	if (check) {
		lines.push(checkLine(check));
		if (check.status === 'found' || check.status === 'ambiguous')
			lines.push('A match is evidence, not proof: none of these requests carries a client id. Look at the loan before doing this again.');
	} else if (report.partial) lines.push(`Checked so far (interrupted): ${FINDING_HEADLINE[report.partial.status]} — ${sanitize(report.partial.message)}`);
	else if (error.failure.kind === 'interrupted') lines.push('Not checked: interrupted while waiting for the answer.');
	if (report.recordProblem) lines.push(`Note: ${sanitize(report.recordProblem)}.`);
	else if (report.recorded) lines.push("Recorded as unknown in this app's history (loan-tui history --local).");
	return lines;
}

/** After the app's screen is restored: one line per outcome that stayed unknown this session, then what to do. */
export function quittingLines(outcomes: readonly UnknownOutcome[]): string[] {
	if (outcomes.length === 0) return [];
	const lines = outcomes.map((outcome) => {
		const order = outcome.orderId && !('orderId' in outcome.values) ? ` (order ${sanitize(outcome.orderId)})` : '';
		const found = outcome.finding
			? `; checked since: ${FINDING_HEADLINE[outcome.finding.status as FindingStatus] ?? outcome.finding.status} — ${sanitize(outcome.finding.message)}`
			: '; not checked';
		return `outcome unknown: ${describeSent(outcome)}${order}${found}`;
	});
	return [...lines, 'Check your loans (loan-tui loans; loan-tui history --local) before sending any of these again.'];
}
