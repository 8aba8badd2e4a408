// The live prices that may project a read (operations/watch-live.ts LiveTickers), on a clock the test moves: a read
// outranks every tick received before it, a tick's ts is never later than now, garbage is dropped, and a price far
// from the read's is held until the REST tickers (or the next read) confirm it.
import {describe, expect, it, vi} from 'vitest';
import type {Ticker} from '../../source/api/types.js';
import {loanMarkPrices, tickerBook} from '../../source/loans/prices.js';
import type {PriceUpdate} from '../../source/operations/price-feed.js';
import {FAR_MOVE, LiveTickers, projectRead} from '../../source/operations/watch-live.js';
import type {LoanSeen, WatchRead} from '../../source/operations/watch.js';
import {ongoingLoan} from '../helpers/loans.js';

const NOW = 1_800_000_000_000;
const book = (lastPr: string, ts = NOW - 1_000) => tickerBook([{symbol: 'ETHUSDT', lastPr, ts: String(ts)}]);
const tick = (lastPr: string, ts: string | number = NOW, source: PriceUpdate['source'] = 'stream'): PriceUpdate => ({
	instId: 'ETHUSDT',
	lastPr,
	ts: String(ts),
	source,
});
/** A clock the test moves. */
const clock = () => {
	const state = {now: NOW};
	return {state, now: () => state.now};
};
const price = (live: LiveTickers) => live.tickers.get('ETHUSDT')?.lastPr;

/** ETH's demo loan as read at 1,340: 87.32 %, liquidation-near (call 80 %, liquidation 90 %). */
const ethRead = (lastPr: string): Extract<WatchRead, {ok: true}> => {
	const loan = ongoingLoan({orderId: '1130000000000000002', pledgeCoin: 'ETH', pledgeRate: '0.873173', supRate: '0.8', forceRate: '0.9'});
	const seen: LoanSeen = {loan, ltv: '0.873173', projected: false, price: lastPr};
	return {ok: true, time: NOW, loans: [seen], closed: new Map(), book: book(lastPr)};
};

describe('LiveTickers', () => {
	it('a read sent before a tick and landing after it does not hide it: only ticks received before the send are dropped', () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		live.landed(book('1545'));
		const sentAt = state.now;
		state.now += 100;
		live.take(tick('1460', state.now));
		state.now += 100;
		// The read sent at `sentAt` (before the tick) lands now, with the older price: the tick stays.
		live.landed(book('1545'), sentAt);
		expect(price(live)).toBe('1460');
		// A read sent after the tick outranks it.
		live.landed(book('1545'), state.now);
		expect(price(live)).toBeUndefined();
	});

	it('a 20 % band: the constant', () => {
		expect(FAR_MOVE).toBe('0.2');
	});

	it("a tick from the future is told at this machine's now, never as newer than what follows", () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		live.landed(book('1545'));
		expect(live.take(tick('1546', '9999999999999999'))).toBe('shown');
		expect(live.tickers.get('ETHUSDT')).toEqual({symbol: 'ETHUSDT', lastPr: '1546', ts: String(NOW)});
		state.now += 500;
		expect(live.take(tick('1547', NOW + 200))).toBe('shown');
		expect(live.tickers.get('ETHUSDT')!.ts).toBe(String(NOW + 200));
		// Not a number at all: now.
		expect(live.take(tick('1548', 'later'))).toBe('shown');
		expect(live.tickers.get('ETHUSDT')!.ts).toBe(String(NOW + 500));
	});

	it("drops what is not a positive plain decimal, and a tenth or ten times the read's price, outright", () => {
		const confirm = vi.fn(async () => undefined);
		const live = new LiveTickers({now: clock().now, confirm});
		live.landed(book('1545'));
		for (const lastPr of ['0.000000000000000000000000000001', '1e-30', '1.545e3', '0', '0.0', '-1545', 'NaN', 'Infinity', '', ' 1545', '15450.1', '154.4']) {
			expect(live.take(tick(lastPr)), lastPr).toBe('dropped');
		}
		expect(live.tickers.size).toBe(0);
		expect(confirm).not.toHaveBeenCalled();
		// No read yet (or a read without prices): nothing to measure against, nothing shown.
		const unread = new LiveTickers({now: clock().now});
		expect(unread.take(tick('1545'))).toBe('dropped');
		unread.landed(undefined);
		expect(unread.take(tick('1545'))).toBe('dropped');
	});

	it("holds a stream price more than 20 % from the read's; the REST tickers (asked once) confirm it, and it is shown", async () => {
		const {state, now} = clock();
		let answer: (ticker: Pick<Ticker, 'lastPr' | 'ts'>) => void = () => undefined;
		const confirm = vi.fn((symbol: string) => {
			expect(symbol).toBe('ETHUSDT');
			return new Promise<Pick<Ticker, 'lastPr' | 'ts'>>((resolve) => (answer = resolve));
		});
		const onChange = vi.fn();
		const live = new LiveTickers({now, confirm, onChange});
		live.landed(book('1545'));
		expect(live.take(tick('1500'))).toBe('shown');
		// 1,200 is 22 % below 1,545: held; what was shown stays.
		expect(live.take(tick('1200'))).toBe('held');
		expect(price(live)).toBe('1500');
		expect(confirm).toHaveBeenCalledTimes(1);
		// More far ticks within 5 s ask nothing more.
		state.now += 1_000;
		expect(live.take(tick('1195'))).toBe('held');
		expect(confirm).toHaveBeenCalledTimes(1);
		answer({lastPr: '1198', ts: String(NOW + 900)});
		await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
		expect(price(live)).toBe('1198');
		// The confirmed price is the reference now: the stream near it is shown again.
		expect(live.take(tick('1190'))).toBe('shown');
		expect(price(live)).toBe('1190');
	});

	it('a REST answer that does not confirm the move ends the hold: the far price is never shown', async () => {
		const confirm = vi.fn(async () => ({lastPr: '1544', ts: String(NOW)}));
		const onChange = vi.fn();
		const live = new LiveTickers({now: clock().now, confirm, onChange});
		live.landed(book('1545'));
		expect(live.take(tick('1100'))).toBe('held');
		await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
		expect(price(live)).toBe('1544');
		// An unanswered confirmation leaves it held (the next read tells).
		const silent = new LiveTickers({now: clock().now, confirm: async () => Promise.reject(new Error('HTTP 503'))});
		silent.landed(book('1545'));
		expect(silent.take(tick('1100'))).toBe('held');
		await Promise.resolve();
		expect(silent.tickers.size).toBe(0);
	});

	it('a read outranks every tick received before it was sent, whatever its ts; ticks received while it was under way stay', () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		live.landed(book('1545'));
		expect(live.take(tick('1545.5', '9999999999999999'))).toBe('shown');
		state.now += 1_000;
		live.sending();
		state.now += 100;
		expect(live.take(tick('1341'))).toBe('shown');
		state.now += 100;
		live.landed(book('1340'));
		// The one from before the read is gone; the one that came while it was under way projects it.
		expect(price(live)).toBe('1341');
		// Without `sending` (the app: a read known only when it lands), everything before it is dropped.
		state.now += 100;
		live.landed(book('1340'));
		expect(live.tickers.size).toBe(0);
	});

	it('the attack: a hostile tick before a read near liquidation neither hides the read nor shows an absurd LTV', () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		live.landed(book('1545'));
		// An absurd price with a far-future ts, then a plausible one with the same ts (the old code kept it over any read).
		expect(live.take(tick('0.000000000000000000000000000001', '9999999999999999'))).toBe('dropped');
		expect(live.take(tick('1545', '9999999999999999'))).toBe('shown');
		state.now += 1_000;
		live.sending();
		state.now += 100;
		const read = ethRead('1340');
		live.landed(read.book);
		// The read's own LTV, not one projected back to 1,545.
		expect(projectRead(read, live.tickers)).toEqual(read.loans);
		// A real tick after it projects it.
		state.now += 100;
		live.take(tick('1330'));
		expect(projectRead(read, live.tickers)[0]).toMatchObject({projected: true, price: '1330', ltv: '0.879738'});
	});

	it("projected marks are the loan's own, owed ÷ (collateral × LTV), as the read's: one formula, not P × L / T", () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		const read = ethRead('1340');
		live.landed(read.book);
		state.now += 100;
		live.take(tick('1330'));
		const [seen] = projectRead(read, live.tickers);
		// 7,000 USDT owed against 0.1 ETH: the margin call at 7,000 ÷ (0.1 × 0.8), the liquidation at 7,000 ÷ (0.1 × 0.9).
		const marks = loanMarkPrices(read.loans[0]!.loan, '1330');
		expect(seen).toMatchObject({projected: true, price: '1330', marginCallPrice: '87500', liquidationPrice: marks.liquidationPrice});
		state.now += 100;
		live.take(tick('1320'));
		expect(projectRead(read, live.tickers)[0]).toMatchObject({price: '1320', marginCallPrice: '87500', liquidationPrice: marks.liquidationPrice});
	});

	it('a held price is measured again against the read that follows it, when it came while that read was under way', () => {
		const {state, now} = clock();
		const live = new LiveTickers({now});
		live.landed(book('1545'));
		live.sending();
		state.now += 100;
		expect(live.take(tick('1200'))).toBe('held');
		state.now += 100;
		live.landed(book('1210'));
		expect(price(live)).toBe('1200');
	});
});
