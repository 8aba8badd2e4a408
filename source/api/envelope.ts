// Turns one HTTP answer into data or a typed error. Success only when code == "00000" on a 2xx.
import * as v from 'valibot';
import {ApiError, ProtocolError} from './errors.js';
import {envelopeSchema, type Validated} from './schemas.js';
import {SUCCESS_CODE} from './types.js';

export interface ParsedEnvelope<T> {
	data: T;
	/** The server's clock (ms) when it answered, if the envelope carried it. */
	serverTime?: number;
}

/** Server time from any answer that is a readable envelope, success or not: used to keep the clock in sync. */
export interface EnvelopeFailure {
	error: ApiError | ProtocolError;
	serverTime?: number;
	/** The data of a body that said "00000" on a non-2xx status: what the server claims it did. */
	claimed?: unknown;
}

export function parseEnvelope<T>(status: number, bodyText: string, validateData: (data: unknown) => Validated<T>): ParsedEnvelope<T> | EnvelopeFailure {
	if (bodyText.trim() === '') {
		return {error: new ProtocolError(`HTTP ${status} with an empty body`, status)};
	}
	let json: unknown;
	try {
		json = JSON.parse(bodyText);
	} catch {
		return {error: new ProtocolError(describeNonJson(status, bodyText), status)};
	}
	const envelope = v.safeParse(envelopeSchema, json);
	if (!envelope.success) {
		return {error: new ProtocolError(`HTTP ${status} with JSON that is not the API envelope`, status)};
	}
	const {code, msg, requestTime, data} = envelope.output;
	const serverTime = requestTime ?? undefined;
	if (code !== SUCCESS_CODE) {
		return {error: new ApiError(code, msg ?? '', status), serverTime};
	}
	if (status < 200 || status > 299) {
		return {error: new ProtocolError(`HTTP ${status} with a success code`, status), serverTime, claimed: data};
	}
	const validated = validateData(data);
	if (!validated.ok) return {error: new ProtocolError(`unexpected answer — ${validated.problem}`, status), serverTime};
	return {data: validated.value, serverTime};
}

function describeNonJson(status: number, body: string): string {
	const looksHtml = /^\s*<(!doctype|html|head|body)/i.test(body);
	if (looksHtml) return `HTTP ${status} with an HTML page instead of the API's JSON`;
	if (body.trimStart().startsWith('{') || body.trimStart().startsWith('[')) return `HTTP ${status} with incomplete JSON`;
	return `HTTP ${status} with a body that is not JSON`;
}

export function isFailure<T>(result: ParsedEnvelope<T> | EnvelopeFailure): result is EnvelopeFailure {
	return 'error' in result;
}
