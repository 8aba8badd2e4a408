// The current credentials' values never leave in text that came from outside: a server or proxy that echoes the
// passphrase or API key in `msg` (or in a record) must not get it printed, logged or drawn. Applied where the wire
// builds its errors, so the command line, --json, --debug and the app all see the redacted text.
import {ApiError, type LoanTuiError, ProtocolError} from './errors.js';
import type {Credentials} from './types.js';

export const REDACTED = '[redacted]';

export function redactSecrets(text: string, credentials: Credentials | undefined): string {
	if (!credentials) return text;
	let result = text;
	// Longest first, so a value that contains another is replaced whole.
	const values = [credentials.secretKey, credentials.passphrase, credentials.apiKey].filter((value) => value.length > 0).sort((a, b) => b.length - a.length);
	for (const value of values) if (result.includes(value)) result = result.split(value).join(REDACTED);
	return result;
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
