// Bitget's loan codes as people say them: a record's status ("REPAY" → "repaid") and a loan period ("SEVEN" →
// "7 days"). A value not known here is shown as sent (sanitised), never guessed at.
import {sanitize} from './sanitize.js';

const STATUS_WORDS: Record<string, string> = {
	REPAY: 'repaid',
	FORCE: 'liquidated',
	ROLLBACK: 'failed',
	// Not documented for the history; the simulator's word for a loan still open.
	BORROWING: 'open',
};

/** Statuses of a loan that is over: nothing left to open. */
const CLOSED = new Set(['REPAY', 'FORCE', 'ROLLBACK']);

const PERIOD_WORDS: Record<string, string> = {SEVEN: '7 days', '7': '7 days', THIRTY: '30 days', '30': '30 days', FLEXIBLE: 'flexible'};

/** "repaid", "liquidated", "failed", "open"; anything else as sent. */
export function loanStatusWords(status: string): string {
	return STATUS_WORDS[status.trim().toUpperCase()] ?? sanitize(status);
}

/** Whether a loan record's status says the loan is over (repaid, liquidated, or never made). */
export function loanStatusClosed(status: string): boolean {
	return CLOSED.has(status.trim().toUpperCase());
}

/** "7 days", "30 days", "flexible"; anything else as sent. */
export function periodWords(daily: string): string {
	return PERIOD_WORDS[daily.trim().toUpperCase()] ?? sanitize(daily);
}
