// The ticker stream's messages as the feed reads them (pure): what Bitget documents is read, anything else is
// "unreadable" and never throws; and the stream's URL for each API origin.
import {describe, expect, it} from 'vitest';
import {channelRequest, parseStreamMessage} from '../../source/api/ticker-stream-schemas.js';
import {tickerStreamUrl} from '../../source/runtime/config.js';

const arg = (instId: string) => ({instType: 'SPOT', channel: 'ticker', instId});

describe('parseStreamMessage', () => {
	it('reads pong, the acks, error events and snapshots (reference D.4)', () => {
		expect(parseStreamMessage('pong')).toEqual({kind: 'pong'});
		expect(parseStreamMessage(JSON.stringify({event: 'subscribe', arg: arg('BTCUSDT')}))).toEqual({kind: 'subscribed', instId: 'BTCUSDT'});
		expect(parseStreamMessage(JSON.stringify({event: 'unsubscribe', arg: arg('BTCUSDT')}))).toEqual({kind: 'unsubscribed', instId: 'BTCUSDT'});
		expect(parseStreamMessage(JSON.stringify({event: 'error', code: 30006, msg: 'request too many'}))).toEqual({
			kind: 'error',
			code: '30006',
			msg: 'request too many',
		});
		expect(parseStreamMessage(JSON.stringify({event: 'error', arg: arg('NOPE'), code: '30001', msg: "doesn't exist"}))).toEqual({
			kind: 'error',
			code: '30001',
			msg: "doesn't exist",
			instId: 'NOPE',
		});
		// As captured from Bitget: no `arg`, the pair named in `msg` only.
		const captured = {event: 'error', code: 30001, msg: "instType:SPOT,channel:ticker,instId:XYZUSDT doesn't exist"};
		expect(parseStreamMessage(JSON.stringify(captured))).toEqual({kind: 'error', code: '30001', msg: captured.msg, instId: 'XYZUSDT'});
		// A message naming no pair names none.
		expect(parseStreamMessage(JSON.stringify({event: 'error', code: 30001, msg: "instType:SPOT,channel:candle1m doesn't exist"}))).toEqual({
			kind: 'error',
			code: '30001',
			msg: "instType:SPOT,channel:candle1m doesn't exist",
		});
		const snapshot = {
			action: 'snapshot',
			arg: arg('BTCUSDT'),
			data: [{instId: 'BTCUSDT', lastPr: '34413.1', open24h: '35134.2', ts: '1625125755277', change24h: '0.00069'}],
			ts: 1625125755278,
		};
		expect(parseStreamMessage(JSON.stringify(snapshot))).toEqual({kind: 'tickers', tickers: [{instId: 'BTCUSDT', lastPr: '34413.1', ts: '1625125755277'}]});
		// A numeric ts is read as the string the REST tickers give.
		snapshot.data[0]!.ts = 1625125755277 as unknown as string;
		expect(parseStreamMessage(JSON.stringify(snapshot))).toMatchObject({kind: 'tickers', tickers: [{ts: '1625125755277'}]});
	});

	it.each([
		['garbage', '\u0000{"action":"snapshot","data":[{"instId":'],
		['an empty message (binary)', ''],
		['a number', '42'],
		['an unknown event', JSON.stringify({event: 'login', code: 0})],
		[
			'a snapshot of another channel',
			JSON.stringify({action: 'snapshot', arg: {instType: 'SPOT', channel: 'candle1m', instId: 'BTCUSDT'}, data: [{instId: 'BTCUSDT', lastPr: '1', ts: '1'}]}),
		],
		['a price that is no decimal', JSON.stringify({action: 'snapshot', arg: arg('BTCUSDT'), data: [{instId: 'BTCUSDT', lastPr: '-1e5', ts: '1'}]})],
		['a price as a number', JSON.stringify({action: 'snapshot', arg: arg('BTCUSDT'), data: [{instId: 'BTCUSDT', lastPr: 34413.1, ts: '1'}]})],
		['a snapshot without data', JSON.stringify({action: 'snapshot', arg: arg('BTCUSDT'), data: []})],
		['an odd instId', JSON.stringify({action: 'snapshot', arg: arg('BTC/USDT'), data: [{instId: 'BTC/USDT', lastPr: '1', ts: '1'}]})],
		['a huge message', 'x'.repeat(70_000)],
	])('reads %s as unreadable, without throwing', (_what, text) => {
		expect(parseStreamMessage(text)).toMatchObject({kind: 'unreadable'});
	});
});

describe('channelRequest', () => {
	it('asks for every pair in one message', () => {
		expect(JSON.parse(channelRequest('subscribe', ['BTCUSDT', 'ETHUSDT']))).toEqual({op: 'subscribe', args: [arg('BTCUSDT'), arg('ETHUSDT')]});
		expect(JSON.parse(channelRequest('unsubscribe', ['ETHUSDT']))).toEqual({op: 'unsubscribe', args: [arg('ETHUSDT')]});
	});
});

describe('tickerStreamUrl', () => {
	it('is Bitget’s public stream for api.bitget.com, the same origin’s path on loopback, and none elsewhere', () => {
		expect(tickerStreamUrl('https://api.bitget.com')).toBe('wss://ws.bitget.com/v2/ws/public');
		expect(tickerStreamUrl('http://127.0.0.1:40123')).toBe('ws://127.0.0.1:40123/v2/ws/public');
		expect(tickerStreamUrl('https://localhost:8443')).toBe('wss://localhost:8443/v2/ws/public');
		expect(tickerStreamUrl('http://[::1]:9000')).toBe('ws://[::1]:9000/v2/ws/public');
		expect(tickerStreamUrl('https://bitget-proxy.example.com')).toBeUndefined();
	});
});
