import {createHmac} from 'node:crypto';

/** The exact string Bitget signs: timestamp + METHOD + path + ("?" + query when there is one) + body. */
export function prehash(timestamp: string, method: string, path: string, query: string, body: string): string {
	return timestamp + method.toUpperCase() + path + (query ? `?${query}` : '') + body;
}

/** ACCESS-SIGN = base64(HMAC-SHA256(secretKey, prehash)). */
export function sign(secretKey: string, message: string): string {
	return createHmac('sha256', secretKey).update(message, 'utf8').digest('base64');
}

/** Query string with keys sorted ascending, as the server rebuilds the prehash from it. Values are sent unencoded
 * because every value these endpoints take is letters, digits or "." (validated before we get here). */
export function canonicalQuery(params: Record<string, string | undefined>): string {
	return Object.keys(params)
		.filter((key) => params[key] !== undefined && params[key] !== '')
		.sort()
		.map((key) => `${key}=${params[key]}`)
		.join('&');
}
