// What a handler decides, before it is turned into bytes: HTTP status plus the envelope's code, msg and data.
import {SUCCESS_CODE} from '../api/types.js';

export interface Reply {
	status: number;
	code: string;
	msg: string;
	/** Payload; null for errors. */
	data: unknown;
	/** Pre-serialised payload (the cached symbol list), used instead of JSON.stringify(data). */
	dataJson?: string;
	/** The same payload with wrong types, for the 'wrong-types' fault. */
	wrongTypes?: () => unknown;
}

export function success(data: unknown, wrongTypes?: () => unknown): Reply {
	return {status: 200, code: SUCCESS_CODE, msg: 'success', data, wrongTypes};
}

export function successJson(dataJson: string, wrongTypes?: () => unknown): Reply {
	return {status: 200, code: SUCCESS_CODE, msg: 'success', data: undefined, dataJson, wrongTypes};
}

/** Client errors are HTTP 400 at Bitget (even "not found"); only rate limits differ. */
export function failure(code: string, msg: string, status = 400): Reply {
	return {status, code, msg, data: null};
}

export const tooManyRequests = (): Reply => failure('429', 'Too Many Requests', 429);

export function isSuccess(reply: Reply): boolean {
	return reply.code === SUCCESS_CODE;
}

/** The envelope text. requestTime is a number, or a numeric string when asked (both occur in the real API). */
export function envelopeJson(reply: Reply, requestTime: number, timeAsString: boolean, data?: unknown): string {
	const payload = data !== undefined ? JSON.stringify(data) : (reply.dataJson ?? JSON.stringify(reply.data ?? null));
	const time = timeAsString ? JSON.stringify(String(requestTime)) : String(requestTime);
	return `{"code":${JSON.stringify(reply.code)},"msg":${JSON.stringify(reply.msg)},"requestTime":${time},"data":${payload}}`;
}
