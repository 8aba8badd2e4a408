// The current credentials' values never leave in text that came from outside: a server or proxy that echoes the
// passphrase or API key in `msg` (or in a record) must not get it printed, logged or drawn. Neither may an echo of
// the request's own headers: a signature (ACCESS-SIGN) is redacted as a value (the one this request sent) and as a
// header echo ("ACCESS-SIGN: abc+/=", "\"ACCESS-SIGN\":\"…\"", "access-sign=…"), and so are ACCESS-KEY and
// ACCESS-PASSPHRASE echoes whatever their value. Applied where the wire builds its errors and hands over its data
// (client.ts), so the command line, --json, --debug, the app and every file written from them see the redacted text.
import {ApiError, type LoanTuiError, ProtocolError} from './errors.js';
import type {Credentials} from './types.js';

const REDACTED = '[redacted]';

/** What else to redact besides the credentials: values this request sent (its signature), and whether the text may
 * hold an echo of the request's credential headers. */
export interface RedactOptions {
	/** Literal values to redact, like the ACCESS-SIGN this request carried. */
	extra?: readonly string[];
	/** Look for echoed credential headers (default true). Only a signed request's data can echo them: the unsigned
	 * bulk lists (100k symbol records) skip the pattern, which would cost a regex per field. */
	headerEchoes?: boolean;
}

/** A credential header's name, an optional closing quote (plain or JSON-escaped), ':' or '=', an optional opening
 * quote, then the value up to a quote, space, comma, semicolon, ampersand or closing bracket. Names are matched in
 * any case and with '-', '_' or nothing between the words, as servers and proxies print them. A value already
 * redacted (the signature, found as a value first) is left as it is. */
const HEADER_ECHO = /(access[-_]?(?:sign|key|passphrase)\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])([^\s"'\\,;&})\]]+)/gi;
const HEADER_NAME = /access[-_]?(?:sign|key|passphrase)/i;

export function redactSecrets(text: string, credentials: Credentials | undefined, options: RedactOptions = {}): string {
	return redactor(credentials, options)(text);
}

/** A function that redacts the values of `credentials` and `options.extra` (longest first, so a value containing
 * another goes whole), then any echoed credential header. */
function redactor(credentials: Credentials | undefined, options: RedactOptions = {}): (text: string) => string {
	const secrets = credentials ? [credentials.secretKey, credentials.passphrase, credentials.apiKey] : [];
	const values = [...secrets, ...(options.extra ?? [])].filter((value) => value.length > 0).sort((a, b) => b.length - a.length);
	const headers = options.headerEchoes !== false;
	return (text) => {
		let result = text;
		for (const value of values) if (result.includes(value)) result = result.split(value).join(REDACTED);
		if (headers && HEADER_NAME.test(result)) result = result.replace(HEADER_ECHO, (_match, name: string) => `${name}${REDACTED}`);
		return result;
	};
}

/** The same error with every server-supplied text redacted; errors whose text is all ours pass unchanged. */
export function redactError(error: LoanTuiError, credentials: Credentials | undefined, options: RedactOptions = {}): LoanTuiError {
	const redact = redactor(credentials, options);
	if (error instanceof ApiError) {
		const code = redact(error.code);
		const message = redact(error.serverMessage);
		return code === error.code && message === error.serverMessage ? error : new ApiError(code, message, error.httpStatus);
	}
	if (error instanceof ProtocolError) {
		const message = redact(error.message);
		return message === error.message ? error : new ProtocolError(message, error.httpStatus);
	}
	return error;
}

/** Every string inside `value` (an answer's data: an order id, a record's fields) redacted, in place. */
export function redactValue<T>(value: T, credentials: Credentials | undefined, options: RedactOptions = {}): T {
	if (!credentials && !options.extra?.length && options.headerEchoes === false) return value;
	const redact = redactor(credentials, options);
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
