// Typed failures of the client. Every message is written for a person; none carries a secret.

export type FailureKind = 'api' | 'network' | 'timeout' | 'protocol' | 'outcome-unknown' | 'input' | 'interrupted';

export abstract class LoanTuiError extends Error {
	abstract readonly kind: FailureKind;
	/** What the person can do next. */
	abstract readonly hint: string;
}

/** The server answered with an envelope whose code is not "00000" (or HTTP 429). The request was refused. */
export class ApiError extends LoanTuiError {
	readonly kind = 'api';
	constructor(
		readonly code: string,
		readonly serverMessage: string,
		readonly httpStatus: number,
	) {
		super(`the server refused the request: ${code} ${serverMessage}`.trim());
		this.name = 'ApiError';
	}

	get hint(): string {
		return hintForCode(this.code);
	}
}

/** The server could not be reached, or the connection broke before an answer arrived. */
export class NetworkError extends LoanTuiError {
	readonly kind = 'network';
	readonly hint: string;
	constructor(
		message: string,
		readonly errorCode?: string,
		hint?: string,
	) {
		super(message);
		this.name = 'NetworkError';
		this.hint = hint ?? (errorCode !== undefined && HOST_NOT_FOUND_CODES.has(errorCode) ? HOST_NOT_FOUND_HINT : NETWORK_HINT);
	}
}

const NETWORK_HINT = 'Check your connection and the base URL, then try again.';
/** The name did not resolve (no DNS answer, or no such host): nothing was sent. */
const HOST_NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);
const HOST_NOT_FOUND_HINT = 'Check the address (--base-url or LOAN_TUI_BASE_URL) and your network, then try again; loan-tui --demo tries everything offline.';

export class TimeoutError extends LoanTuiError {
	readonly kind = 'timeout';
	readonly hint = 'The server is slow or unreachable; try again in a moment (or raise --timeout).';
	constructor(readonly deadlineMs: number) {
		super(`no answer within ${formatSeconds(deadlineMs)}`);
		this.name = 'TimeoutError';
	}
}

/** The answer was not what the API defines: not JSON, HTML from an edge, a wrong shape or type. */
export class ProtocolError extends LoanTuiError {
	readonly kind = 'protocol';
	readonly hint = 'The server sent something unexpected; try again later. If it persists, check the base URL.';
	constructor(
		message: string,
		readonly httpStatus?: number,
	) {
		super(message);
		this.name = 'ProtocolError';
	}
}

/** What a money-moving POST sent, and what the server claimed, for an outcome-unknown report. */
export interface OutcomeDetails {
	/** The operation's name, like "borrow" or "repay". */
	operation?: string;
	/** The values that were sent (the JSON body's fields), to compare with what the account shows. */
	sent?: Record<string, unknown>;
	/** An order id the server reported in an answer that was not a clean success (a 00000 body with HTTP 409, say). */
	orderId?: string;
	httpStatus?: number;
}

/** What an outcome-unknown failure is about, per operation. */
const UNKNOWN_SUBJECT: Record<string, string> = {
	borrow: 'the loan may or may not have been created',
	repay: 'the repayment may or may not have been made',
	revisePledge: 'the collateral change may or may not have been made',
};

/** A money-moving POST may or may not have been carried out: it may have reached the server but no clear answer came. */
export class OutcomeUnknownError extends LoanTuiError {
	readonly kind = 'outcome-unknown';
	readonly hint: string;
	readonly operation: string;
	readonly sent: Record<string, unknown> | undefined;
	readonly orderId: string | undefined;
	readonly httpStatus: number | undefined;
	/** "the loan may or may not have been created", per operation. */
	readonly subject: string;
	constructor(
		readonly failure: LoanTuiError,
		details: OutcomeDetails = {},
	) {
		const operation = details.operation ?? 'borrow';
		const subject = UNKNOWN_SUBJECT[operation] ?? `the ${operation} may or may not have been carried out`;
		super(
			`outcome unknown — ${subject} (${details.orderId === undefined ? failureText(failure) : `the server said order ${details.orderId} was created, but answered HTTP ${details.httpStatus ?? '?'}`})`,
		);
		this.name = 'OutcomeUnknownError';
		this.operation = operation;
		this.sent = details.sent;
		this.orderId = details.orderId;
		this.httpStatus = details.httpStatus;
		this.subject = subject;
		this.hint =
			operation === 'borrow' ? 'Check your loan orders on Bitget before borrowing again.' : 'Check the loan (loan-tui loans ORDER) before trying again.';
	}

	/** One line for a person: what happened, the order id when the server named one. */
	get what(): string {
		return this.orderId === undefined
			? failureText(this.failure)
			: `the server said order ${this.orderId} was created, but answered HTTP ${this.httpStatus ?? '?'}`;
	}
}

/** An answer that proves nothing either way is not called a refusal: "the server answered 40015 System is abnormal". */
function failureText(failure: LoanTuiError): string {
	return failure instanceof ApiError
		? `the server answered ${`${failure.code} ${failure.serverMessage}`.trim()} (HTTP ${failure.httpStatus})`
		: failure.message;
}

/** The person (Ctrl+C) or the system (SIGTERM, SIGHUP) stopped the wait for an answer. */
export class InterruptedError extends LoanTuiError {
	readonly kind = 'interrupted';
	readonly hint = 'Nothing more is sent after an interruption.';
	constructor(readonly signalName?: string) {
		super(`interrupted${signalName ? ` by ${signalName}` : ''} while waiting for the answer`);
		this.name = 'InterruptedError';
	}
}

/** Bad input: caught before anything was sent, or a value that names nothing Bitget knows (an unknown pair, coin or
 * order id) — then `refusal` is the server's answer that showed it, kept for its code and msg. Nothing was done
 * either way; the command line exits 2 for every one of them (runtime/output.ts). */
export class InputError extends LoanTuiError {
	readonly kind = 'input';
	readonly hint: string;
	constructor(
		message: string,
		hint?: string,
		readonly refusal?: ApiError,
	) {
		super(message);
		this.name = 'InputError';
		this.hint = hint ?? INPUT_HINT;
	}
}

export const INPUT_HINT = 'Fix the value and try again; nothing was sent.';

/** Where credentials come from on the command line. */
const CREDENTIALS_HINT = 'Run loan-tui login to store them in the OS keychain, or set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE.';

/** A signed request (a read of your loans, a borrow) without credentials: nothing was sent, and there is no value to
 * fix: the hint says how to add them (the app's says where: services/credentials-access.ts missingCredentials). */
export class MissingCredentialsError extends InputError {
	constructor(what: string, hint = CREDENTIALS_HINT, reason?: string) {
		super(`no credentials: ${what} needs your API key, secret key and passphrase${reason ? ` (${reason})` : ''}; nothing was sent`, hint);
		this.name = 'MissingCredentialsError';
	}
}

function formatSeconds(ms: number): string {
	const seconds = ms / 1000;
	return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

const CREDENTIAL_CODES = new Set(['40001', '40002', '40003', '40006', '40011', '40012', '40036', '40037']);

function hintForCode(code: string): string {
	if (CREDENTIAL_CODES.has(code)) return 'Check your API key, secret key and passphrase (loan-tui whoami; loan-tui login).';
	if (code === '40009') return 'The signature was rejected: check the secret key (loan-tui login).';
	if (code === '40008') return "Your computer's clock is far off; sync it and try again.";
	if (code === '40014') return 'The API key lacks permission for this; enable it on Bitget.';
	if (code === '40018' || code === '40038') return "This IP is not on the API key's whitelist.";
	if (code === '429') return 'Too many requests; wait a second and try again.';
	if (code === '40015' || code === '40200' || code === '45001' || code === '40725' || code === '40808') {
		return 'The exchange is busy or upgrading; try again later.';
	}
	if (code === '43012') return 'Insufficient balance for this pledge.';
	if (code === '40085')
		return 'Your Bitget account is a unified trading account, whose loans are v3 ones; nothing was done. loan-tui speaks v3 to it from now on: run it again (loan-tui whoami says the mode).';
	if (code === '40084' || code === '25245')
		return 'Your Bitget account is a classic account, whose loans are v2 ones; nothing was done. loan-tui speaks v2 to it from now on: run it again (loan-tui whoami says the mode).';
	if (code === '25620')
		return "The API key has no access to this: on Bitget, give it the unified account's loan permission (read and write to borrow, repay or change collateral).";
	return 'Check the values and try again.';
}
