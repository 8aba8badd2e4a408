import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {DEMO_CREDENTIALS, startSimulator, type Simulator} from '../../source/simulator/index.js';
import {borrow, call, ESTIMATE, freezeClock, SYMBOLS, windowStartOffset} from './helpers.js';

const open: Simulator[] = [];
async function sim(options?: Parameters<typeof startSimulator>[0]) {
	// Start each test at the beginning of a server-clock second so a burst is not split across two windows.
	const s = await startSimulator({clockOffsetMs: windowStartOffset(), accountMode: 'classic', ...options});
	open.push(s);
	return s;
}
// The clock frozen (Date only): each test's requests fall in the one server-clock second it starts in, however slow.
beforeEach(() => freezeClock());
afterEach(async () => {
	vi.useRealTimers();
	await Promise.all(open.splice(0).map((s) => s.close()));
});

const ESTIMATE_QUERY = `${ESTIMATE}?daily=SEVEN&loanCoin=USDT&pledgeAmount=0.2&pledgeCoin=ETH`;

describe('rate limits', () => {
	it('answers the 21st symbols request in a second with HTTP 429', async () => {
		const s = await sim();
		const answers = await Promise.all(Array.from({length: 21}, () => call(s, 'GET', `${SYMBOLS}?symbol=BTCUSDT`)));
		const limited = answers.filter((a) => a.status === 429);
		expect(limited.length).toBeGreaterThanOrEqual(1);
		expect(limited[0]?.json).toEqual({code: '429', msg: 'Too Many Requests', requestTime: expect.any(Number), data: null});
		expect(limited[0]?.headers['x-mbx-used-remain-limit']).toBe('0');
		expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
	});

	it('counts down x-mbx-used-remain-limit from 19 on the symbols endpoint', async () => {
		const s = await sim();
		const first = await call(s, 'GET', SYMBOLS);
		const second = await call(s, 'GET', SYMBOLS);
		expect(first.headers['x-mbx-used-remain-limit']).toBe('19');
		expect(second.headers['x-mbx-used-remain-limit']).toBe('18');
		const estimate = await call(s, 'GET', ESTIMATE_QUERY);
		expect(estimate.headers['x-mbx-used-remain-limit']).toBe('9');
	});

	it('limits the estimate to 10 per second per IP', async () => {
		const s = await sim();
		const answers = await Promise.all(Array.from({length: 11}, () => call(s, 'GET', ESTIMATE_QUERY)));
		expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
	});

	it('limits borrow to 10 per second per API key and does not execute the limited request', async () => {
		const other = {apiKey: 'second-key', secretKey: 'second-secret', passphrase: 'second-pass'};
		const s = await sim({accounts: [DEMO_CREDENTIALS, other]});
		const payload = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.01'};
		const answers = await Promise.all(Array.from({length: 11}, () => borrow(s, DEMO_CREDENTIALS, payload)));
		expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
		expect(s.orders).toHaveLength(10);
		// Another key has its own budget in the same second.
		const otherKey = await borrow(s, other, payload);
		expect(otherKey.json.code).toBe('00000');
		expect(s.orders).toHaveLength(11);
	});

	it('opens a fresh window each second', async () => {
		const s = await sim();
		await Promise.all(Array.from({length: 20}, () => call(s, 'GET', SYMBOLS)));
		expect((await call(s, 'GET', SYMBOLS)).status).toBe(429);
		s.setClockOffset(windowStartOffset() + 1000);
		expect((await call(s, 'GET', SYMBOLS)).status).toBe(200);
	});

	it('does not enforce limits with rateLimits: false', async () => {
		const s = await sim({rateLimits: false});
		const answers = await Promise.all(Array.from({length: 25}, () => call(s, 'GET', SYMBOLS)));
		expect(answers.every((a) => a.status === 200)).toBe(true);
	});
});
