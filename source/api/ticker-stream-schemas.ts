// The public ticker stream's messages (reference D.4), read and written. Every message from the server is checked
// here: anything that is not `pong`, an ack, an error event or a ticker snapshot is "unreadable", and the feed
// (operations/price-feed.ts) drops the connection for it rather than trust what follows on the same socket.
import * as v from 'valibot';
import {EPOCH_MS_DIGITS, PLAIN_DECIMAL} from './types.js';

/** The one channel loan-tui subscribes to: a spot pair's ticker. */
interface TickerChannel {
	instType: 'SPOT';
	channel: 'ticker';
	instId: string;
}

/** One pair's price as the stream pushed it. */
interface StreamTicker {
	instId: string;
	/** Latest price in the quote coin, a decimal string. */
	lastPr: string;
	/** When the server took it: epoch ms, as a string (as the REST tickers give it). */
	ts: string;
}

type StreamMessage =
	| {kind: 'pong'}
	| {kind: 'subscribed' | 'unsubscribed'; instId: string}
	| {kind: 'error'; code: string; msg: string; instId?: string}
	| {kind: 'tickers'; tickers: StreamTicker[]}
	| {kind: 'unreadable'; problem: string};

const INST_ID = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{2,40}$/, 'a symbol'));
const DECIMAL = v.pipe(v.string(), v.regex(PLAIN_DECIMAL, 'a decimal string'));
const EPOCH_MS = v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))]), v.regex(EPOCH_MS_DIGITS, 'epoch milliseconds'));
const INST_ID_IN_MSG = /\binstId:([A-Za-z0-9]{2,40})\b/;
const CHANNEL = v.looseObject({instType: v.literal('SPOT'), channel: v.literal('ticker'), instId: INST_ID});

const messageSchema = v.union([
	v.pipe(
		v.looseObject({event: v.picklist(['subscribe', 'unsubscribe']), arg: CHANNEL}),
		v.transform((raw): StreamMessage => ({kind: raw.event === 'subscribe' ? 'subscribed' : 'unsubscribed', instId: raw.arg.instId})),
	),
	v.pipe(
		v.looseObject({
			event: v.literal('error'),
			code: v.union([v.pipe(v.number(), v.integer(), v.transform(String)), v.pipe(v.string(), v.maxLength(20))]),
			msg: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
			arg: v.optional(v.looseObject({instId: v.optional(v.unknown())})),
		}),
		v.transform((raw): StreamMessage => {
			// Bitget's error events carry no `arg` (reference D.4): the pair is named in `msg` only,
			// "instType:SPOT,channel:ticker,instId:XYZUSDT doesn't exist". An `arg`, should one come, says it as well.
			const instId = typeof raw.arg?.instId === 'string' ? raw.arg.instId : INST_ID_IN_MSG.exec(raw.msg)?.[1];
			return instId === undefined ? {kind: 'error', code: raw.code, msg: raw.msg} : {kind: 'error', code: raw.code, msg: raw.msg, instId};
		}),
	),
	v.pipe(
		v.looseObject({
			action: v.picklist(['snapshot', 'update']),
			arg: CHANNEL,
			data: v.pipe(v.array(v.looseObject({instId: INST_ID, lastPr: DECIMAL, ts: EPOCH_MS})), v.minLength(1), v.maxLength(100)),
		}),
		v.transform((raw): StreamMessage => ({kind: 'tickers', tickers: raw.data.map(({instId, lastPr, ts}) => ({instId, lastPr, ts}))})),
	),
]);

/** The longest message read at all: a ticker snapshot is about 400 bytes; what is longer is not the protocol. */
const MAX_MESSAGE_CHARS = 64 * 1024;

/** One message from the server, checked. Never throws. */
export function parseStreamMessage(text: string): StreamMessage {
	if (text === 'pong') return {kind: 'pong'};
	if (text.length > MAX_MESSAGE_CHARS) return {kind: 'unreadable', problem: `a message of ${text.length} characters`};
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return {kind: 'unreadable', problem: `not JSON: ${JSON.stringify(text.slice(0, 40))}`};
	}
	const result = v.safeParse(messageSchema, json, {abortEarly: true});
	if (result.success) return result.output;
	return {kind: 'unreadable', problem: `not a ticker stream message: ${JSON.stringify(text.slice(0, 80))}`};
}

/** The text to subscribe (or unsubscribe) the ticker channels of `instIds`, all in one message. */
export function channelRequest(op: 'subscribe' | 'unsubscribe', instIds: readonly string[]): string {
	const args: TickerChannel[] = instIds.map((instId) => ({instType: 'SPOT', channel: 'ticker', instId}));
	return JSON.stringify({op, args});
}

/** The keep-alive the server expects every 30 s; it answers `pong`. */
export const PING = 'ping';
