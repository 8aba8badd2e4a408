// Where the CLI writes: results to stdout, messages to stderr. Server text is sanitised before it is printed.
import {LoanTuiError, ApiError, OutcomeUnknownError, InputError, UNKNOWN_OUTCOME_WHAT} from '../api/errors.js';
import {sanitize} from '../format/sanitize.js';
import {EXIT, type ExitCode, UsageError} from './exit-codes.js';

export interface Output {
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
	json: boolean;
}

export function printJson(out: Output, value: unknown): void {
	out.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLines(out: Output, lines: string[]): void {
	out.stdout.write(`${lines.join('\n')}\n`);
}

/** Left-aligned columns, widths from the widest cell. */
export function table(headers: string[], rows: string[][]): string[] {
	const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)));
	const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
	return [line(headers), ...rows.map(line)];
}

export function exitCodeFor(error: unknown): ExitCode {
	if (error instanceof UsageError || error instanceof InputError) return EXIT.usage;
	if (error instanceof OutcomeUnknownError) return EXIT.outcomeUnknown;
	if (error instanceof LoanTuiError) return EXIT.refused;
	if (typeof error === 'object' && error !== null && (error as {exitCode?: unknown}).exitCode === EXIT.usage) return EXIT.usage;
	return EXIT.refused;
}

/** One clear message on stderr (JSON with --json), never a stack trace unless --debug asks for it. */
export function reportFailure(out: Output, error: unknown, debug = false): ExitCode {
	const code = exitCodeFor(error);
	const message = sanitize(error instanceof Error ? error.message : String(error));
	const hint = error instanceof LoanTuiError || error instanceof UsageError ? error.hint : (error as {hint?: string})?.hint;
	if (out.json) {
		const api = error instanceof ApiError ? error : error instanceof OutcomeUnknownError && error.failure instanceof ApiError ? error.failure : undefined;
		const payload = {
			error: {
				kind: error instanceof LoanTuiError ? error.kind : error instanceof UsageError ? 'usage' : 'unexpected',
				message,
				...(api ? {code: sanitize(api.code), msg: sanitize(api.serverMessage), httpStatus: api.httpStatus} : {}),
				...(hint ? {hint} : {}),
				...(error instanceof OutcomeUnknownError && error.reconciliation ? {reconciliation: error.reconciliation} : {}),
				exitCode: code,
			},
		};
		out.stderr.write(`${JSON.stringify(payload)}\n`);
	} else {
		const lines = error instanceof OutcomeUnknownError ? outcomeUnknownLines(error) : [`loan-tui: ${message}`];
		if (hint && !(error instanceof OutcomeUnknownError)) lines.push(`  ${hint}`);
		out.stderr.write(`${lines.join('\n')}\n`);
	}
	if (debug && error instanceof Error && !(error instanceof LoanTuiError) && !(error instanceof UsageError) && error.stack) {
		out.stderr.write(`${error.stack}\n`);
	}
	return code;
}

function outcomeUnknownLines(error: OutcomeUnknownError): string[] {
	const lines = [
		`loan-tui: OUTCOME UNKNOWN — ${UNKNOWN_OUTCOME_WHAT[error.operation]}.`,
		`  What happened: ${sanitize(error.failure.message)}, after the request may have reached the server.`,
	];
	if (error.reconciliation) lines.push(`  Checked since: ${sanitize(error.reconciliation.message)}`);
	lines.push(`  ${error.hint} Do not simply run the same command again.`);
	return lines;
}
