// The current credentials' values never leave in text that came from outside: a server or proxy that echoes the
// passphrase or API key in `msg` (or in a record) must not get it printed, logged or drawn. Applied where the wire
// builds its errors, so the command line, --json, --debug and the app all see the redacted text.
import {ApiError, type LoanTuiError, ProtocolError} from './errors.js';
import type {Credentials} from './types.js';

export const REDACTED = '[redacted]';

export function redactSecrets(text: string, credentials: Credentials | undefined): string {
	return credentials ? redactor(credentials)(text) : text;
}

/** A function that redacts the values of `credentials` (longest first, so a value containing another goes whole). */
function redactor(credentials: Credentials): (text: string) => string {
	const values = [credentials.secretKey, credentials.passphrase, credentials.apiKey].filter((value) => value.length > 0).sort((a, b) => b.length - a.length);
	return (text) => {
		let result = text;
		for (const value of values) if (result.includes(value)) result = result.split(value).join(REDACTED);
		return result;
	};
}

/** The same error with every server-supplied text redacted; errors whose text is all ours pass unchanged. */
export function redactError(error: LoanTuiError, credentials: Credentials | undefined): LoanTuiError {
	if (!credentials) return error;
	if (error instanceof ApiError) {
		const code = redactSecrets(error.code, credentials);
		const message = redactSecrets(error.serverMessage, credentials);
		return code === error.code && message === error.serverMessage ? error : new ApiError(code, message, error.httpStatus);
	}
	if (error instanceof ProtocolError) {
		const message = redactSecrets(error.message, credentials);
		return message === error.message ? error : new ProtocolError(message, error.httpStatus);
	}
	return error;
}

/** Every string inside `value` (an answer's data: an order id, a record's fields) redacted, in place. */
export function redactValue<T>(value: T, credentials: Credentials | undefined): T {
	if (!credentials) return value;
	const redact = redactor(credentials);
	const walk = (node: unknown): unknown => {
		if (typeof node === 'string') return redact(node);
		if (Array.isArray(node)) {
			for (let i = 0; i < node.length; i++) node[i] = walk(node[i]);
		} else if (typeof node === 'object' && node !== null) {
			const record = node as Record<string, unknown>;
			for (const key in record) {
				const field = record[key];
				// Only write back what changed: most records hold no secret, and writes would cost more than reads.
				const redacted = walk(field);
				if (redacted !== field) record[key] = redacted;
			}
		}
		return node;
	};
	return walk(value) as T;
}
