// Where the CLI writes: results to stdout, messages to stderr. Server text is sanitised before it is printed.
import {LoanTuiError, ApiError, OutcomeUnknownError, InputError, INPUT_HINT} from '../api/errors.js';
import {sanitize} from '../format/sanitize.js';
import {fitTable, type Column} from '../format/table.js';
import {CredentialsError} from '../credentials/types.js';
import {commandHelpHint, EXIT, type ExitCode, UsageError} from './exit-codes.js';

export interface Output {
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
	json: boolean;
	/** The width tables fit (COLUMNS, else the terminal's); undefined: every column (a pipe, or --wide). */
	width?: number;
}

/** Characters JSON leaves as they are but a terminal acts on (DEL, C1 controls, bidi overrides, line and paragraph
 * separators): written as \u escapes, so piping --json to a terminal is as safe as the table. */
const JSON_UNSAFE = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/** JSON.stringify, with the characters above escaped (still valid JSON, the same value when parsed). */
export function safeJson(value: unknown, indent?: number): string {
	return escapeJsonText(JSON.stringify(value, null, indent) ?? 'null');
}

export function escapeJsonText(text: string): string {
	return text.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// The table layout lives in format/ (the app's screens lay out the same tables); the CLI's commands take it from here.
export {columnWidths, keptColumns, table, tableLine, type Column} from '../format/table.js';

export function printJson(out: Output, value: unknown): void {
	out.stdout.write(`${safeJson(value, 2)}\n`);
}

export function printLines(out: Output, lines: string[]): void {
	out.stdout.write(`${lines.join('\n')}\n`);
}

/** On stderr, when columns were left out: which, and how to see them. */
export function noteLeftOut(out: Output, columns: readonly Column[], kept: readonly number[]): void {
	if (kept.length === columns.length) return;
	const left = columns.filter((_, index) => !kept.includes(index)).map((column) => column.header);
	out.stderr.write(`loan-tui: ${left.join(', ')} left out to fit ${out.width} columns; --wide shows all\n`);
}

/** `table`, fitted to the output's width by dropping the least important columns (said on stderr). */
export function fittedTable(out: Output, columns: readonly Column[], rows: string[][]): string[] {
	const fitted = fitTable(columns, rows, out.width);
	noteLeftOut(out, columns, fitted.kept);
	return fitted.lines;
}

function exitCodeFor(error: unknown): ExitCode {
	if (error instanceof UsageError || error instanceof InputError) return EXIT.usage;
	if (error instanceof OutcomeUnknownError) return EXIT.outcomeUnknown;
	if (error instanceof LoanTuiError) return EXIT.refused;
	if (typeof error === 'object' && error !== null && (error as {exitCode?: unknown}).exitCode === EXIT.usage) return EXIT.usage;
	return EXIT.refused;
}

/** The kind a script branches on: the client's failure kinds, "usage", "credentials" (none found, or the keychain
 * could not be asked), and "unexpected" only for what loan-tui did not foresee. */
function kindOf(error: unknown): string {
	if (error instanceof LoanTuiError) return error.kind;
	if (error instanceof UsageError) return 'usage';
	if (error instanceof CredentialsError) return 'credentials';
	return 'unexpected';
}

/** The `error` object of --json output: kind, message, the server's code and msg, what was sent, the hint, the exit
 * code. Callers may add fields (a money check's `reconciliation`). */
export function failurePayload(error: unknown): Record<string, unknown> {
	const code = exitCodeFor(error);
	const message = sanitize(error instanceof Error ? error.message : String(error));
	const hint = error instanceof LoanTuiError || error instanceof UsageError ? error.hint : (error as {hint?: string})?.hint;
	const api =
		error instanceof ApiError
			? error
			: error instanceof OutcomeUnknownError && error.failure instanceof ApiError
				? error.failure
				: error instanceof InputError
					? error.refusal
					: undefined;
	return {
		kind: kindOf(error),
		message,
		...(api ? {code: sanitize(api.code), msg: sanitize(api.serverMessage), httpStatus: api.httpStatus} : {}),
		...(error instanceof OutcomeUnknownError ? outcomeFields(error) : {}),
		...(hint ? {hint} : {}),
		exitCode: code,
	};
}

/** One clear message on stderr (JSON with --json), never a stack trace unless --debug asks for it. */
export function reportFailure(out: Output, error: unknown, debug = false): ExitCode {
	const code = exitCodeFor(error);
	const message = sanitize(error instanceof Error ? error.message : String(error));
	const hint = error instanceof LoanTuiError || error instanceof UsageError ? error.hint : (error as {hint?: string})?.hint;
	if (out.json) {
		const payload = {error: failurePayload(error)};
		out.stderr.write(`${safeJson(payload)}\n`);
	} else {
		// An unknown outcome of a money POST has its own report (cli/money-command.ts).
		const lines = [`loan-tui: ${message}`];
		if (hint) lines.push(`  ${hint}`);
		out.stderr.write(`${lines.join('\n')}\n`);
	}
	if (debug && error instanceof Error && !(error instanceof LoanTuiError) && !(error instanceof UsageError) && error.stack) {
		out.stderr.write(`${error.stack.split('\n').map(sanitize).join('\n')}\n`);
	}
	return code;
}

function outcomeFields(error: OutcomeUnknownError): Record<string, unknown> {
	return {
		operation: error.operation,
		...(error.sent ? {sent: error.sent} : {}),
		...(error.orderId !== undefined ? {orderId: sanitize(error.orderId)} : {}),
	};
}

/** The error, its hint pointing at the command's own help when it had none of its own. */
export function withCommandHint(error: unknown, command: string | undefined): unknown {
	if (command === undefined) return error;
	if (error instanceof UsageError && !error.ownHint) return new UsageError(error.message, commandHelpHint(command));
	if (error instanceof InputError && error.hint === INPUT_HINT)
		return new InputError(error.message, `${INPUT_HINT} ${commandHelpHint(command)}`, error.refusal);
	return error;
}
