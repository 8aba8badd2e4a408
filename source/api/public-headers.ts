// What every unsigned request carries: the client's (client.ts) and the early reads' (early-reads.ts), so that an
// answer asked for early is the one the client would have been given. Kept apart from decode.ts, whose decoders load
// node:zlib: the early reads are part of the first frame's code.
import {VERSION} from '../version.js';

/** The content-codings decode.ts undoes (test/api/early-reads.test.ts holds them to it). */
export const ACCEPT_ENCODING = 'br, gzip, deflate';

export const USER_AGENT = `loan-tui/${VERSION}`;

export function publicHeaders(locale: string, userAgent: string): Record<string, string> {
	return {'content-type': 'application/json', locale, 'accept-encoding': ACCEPT_ENCODING, 'user-agent': userAgent};
}
