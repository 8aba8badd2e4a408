// The evidence model: each finding class from reads a hostile or unlucky world can give, and never more than was seen.
import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import type {BorrowRecord, OngoingLoan, ReduceRecord, RepayRecord, ReviseRecord} from '../../source/api/loan-types.js';
import {ongoingLoan} from '../helpers/loans.js';
import {matchOutcome, periodOfLoan, recordKey, withinRounding, type Read, type SentRequest} from '../../source/loans/evidence.js';

const T = 1_800_000_000_000;
const DAY = 86_400_000;
const ORDER = '1130000000000000007';
const ok = <X>(records: X[]): Read<X> => ({ok: true, records});
const failed = (error = "HTTP 500 with an HTML page instead of the API's JSON"): Read<never> => ({ok: false, error});

const loan = (over: Partial<OngoingLoan> = {}): OngoingLoan =>
	ongoingLoan({orderId: ORDER, loanAmount: '9380', pledgeAmount: '0.5', borrowTime: String(T + 3000), expireTime: String(T + 3000 + 7 * DAY), ...over});
const borrowRecord = (over: Partial<BorrowRecord> = {}): BorrowRecord => ({
	orderId: ORDER,
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	initPledgeAmount: '0.5',
	initLoanAmount: '9380',
	hourRate: '0.00000617',
	daily: 'SEVEN',
	borrowTime: String(T + 3000),
	status: 'BORROWING',
	...over,
});
const borrowSent = (snapshot: SentRequest['snapshot'] = {ongoing: [], historyKeys: []}): SentRequest => ({
	kind: 'borrow',
	request: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'},
	sentAt: T,
	snapshot,
});

describe('a lost borrow answer', () => {
	it('found: one order of the same coins, period and amount, opened after the send and not there before', () => {
		const finding = matchOutcome(borrowSent(), {ongoing: ok([loan()]), borrowHistory: ok([borrowRecord()])});
		expect(finding).toMatchObject({status: 'found', orderId: ORDER, settled: true});
		expect(finding.message).toBe(`found order ${ORDER}: same coins, period and pledge amount, borrowed 3 s after the request was sent`);
		expect(finding.reads).toEqual([
			{read: 'ongoing-orders', ok: true},
			{read: 'borrow-history', ok: true},
		]);
	});

	it('a different pledge amount is never found: unclear, and the check keeps reading', () => {
		const finding = matchOutcome(borrowSent(), {ongoing: ok([loan({orderId: '1130000000000000777', pledgeAmount: '0.6'})]), borrowHistory: ok([])});
		expect(finding).toMatchObject({status: 'unclear', settled: false});
		expect(finding.message).toContain('order 1130000000000000777 (pledge amount 0.6)');
		expect(finding).not.toHaveProperty('orderId');
	});

	it("someone else's look-alike first (another amount), ours later: ours is the one found", () => {
		const first = matchOutcome(borrowSent(), {ongoing: ok([loan({orderId: '1', pledgeAmount: '2'})]), borrowHistory: ok([])});
		expect(first.status).toBe('unclear');
		const later = matchOutcome(borrowSent(), {ongoing: ok([loan({orderId: '1', pledgeAmount: '2'}), loan()]), borrowHistory: ok([])});
		expect(later).toMatchObject({status: 'found', orderId: ORDER});
		expect(later.message).toContain('also opened since: order 1 (pledge amount 2)');
	});

	it('a ROLLBACK record is evidence the borrow failed, never a match', () => {
		const finding = matchOutcome(borrowSent(), {ongoing: ok([]), borrowHistory: ok([borrowRecord({orderId: '999', status: 'ROLLBACK'})])});
		expect(finding).toMatchObject({status: 'not-found', settled: true});
		expect(finding.orderId).toBeUndefined();
		expect(finding.message).toMatch(/failed borrow \(ROLLBACK, order 999\)/);
	});

	it('a look-alike that existed before the send is not ours (the snapshot), though borrowed within the clock slack', () => {
		const older = loan({orderId: '5', borrowTime: String(T - 1500), expireTime: String(T - 1500 + 7 * DAY)});
		expect(matchOutcome(borrowSent({ongoing: [older], historyKeys: []}), {ongoing: ok([older]), borrowHistory: ok([])}).status).toBe('not-found');
		// Without the snapshot it cannot be told apart: never found.
		expect(matchOutcome(borrowSent({}), {ongoing: ok([older]), borrowHistory: ok([])}).status).toBe('unclear');
	});

	it('two full fits are ambiguous', () => {
		const finding = matchOutcome(borrowSent(), {ongoing: ok([loan(), loan({orderId: '8'})]), borrowHistory: ok([])});
		expect(finding.status).toBe('ambiguous');
		expect(finding.message).toMatch(/which one is this request's cannot be told/);
	});

	it('borrow-history "7"/"30" and a loan without expireTime: the period is taken only where it can be told', () => {
		expect(matchOutcome(borrowSent(), {ongoing: ok([]), borrowHistory: ok([borrowRecord({daily: '7'})])}).status).toBe('found');
		expect(periodOfLoan({borrowTime: '0', expireTime: '0'})).toBe('FLEXIBLE');
		expect(periodOfLoan({borrowTime: String(T), expireTime: String(T + 30 * DAY - 1)})).toBe('THIRTY');
		expect(periodOfLoan({borrowTime: String(T)})).toBeUndefined();
		const noExpiry = matchOutcome(borrowSent(), {ongoing: ok([loan({expireTime: undefined as unknown as string})]), borrowHistory: ok([])});
		expect(noExpiry.status).toBe('unclear');
	});

	it('one read failing keeps the other evidence and says which failed; nothing seen with a failed read is unchecked', () => {
		const found = matchOutcome(borrowSent(), {ongoing: ok([loan()]), borrowHistory: failed()});
		expect(found.status).toBe('found');
		expect(found.message).toContain("borrow-history could not be read (HTTP 500 with an HTML page instead of the API's JSON)");
		const nothing = matchOutcome(borrowSent(), {ongoing: ok([]), borrowHistory: failed()});
		expect(nothing.status).toBe('unchecked');
		expect(nothing.message).toMatch(/in what could be read; borrow-history could not be read/);
		const none = matchOutcome(borrowSent(), {ongoing: failed('connection refused'), borrowHistory: failed('connection refused')});
		expect(none).toMatchObject({
			status: 'unchecked',
			message: expect.stringMatching(/^could not read anything to check; ongoing-orders could not be read \(connection refused\)/),
		});
	});

	it('unreadable records are said, and nothing seen beside them is unchecked', () => {
		const finding = matchOutcome(borrowSent(), {ongoing: ok([]), borrowHistory: {ok: true, records: [], unreadable: 2}});
		expect(finding.status).toBe('unchecked');
		expect(finding.message).toContain('2 borrow-history records could not be read');
	});

	it("amounts match at the coin's 8 decimals: rounded only past them, never looser than the request", () => {
		// Past the 8 decimals Bitget keeps, the server may round either way.
		expect(withinRounding('0.123456789', '0.12345679')).toBe(true);
		expect(withinRounding('0.123456789', '0.12345678')).toBe(true);
		expect(withinRounding('0.5', '0.50000000')).toBe(true);
		expect(withinRounding('0.0200', '0.02')).toBe(true);
		// Within them the amount is kept as sent: a short recorded string is its zeros dropped, not a rounding.
		expect(withinRounding('0.015', '0.02')).toBe(false);
		expect(withinRounding('0.024', '0.02')).toBe(false);
		expect(withinRounding('100.009', '100')).toBe(false);
		expect(withinRounding('100.5', '100')).toBe(false);
		expect(withinRounding('0.5', '0.50000001')).toBe(false);
		// Past them, only a rounding to 8 decimals, by less than one unit of the 8th.
		expect(withinRounding('0.123456789', '0.1234567891')).toBe(false);
		expect(withinRounding('0.123456789', '0.12345677')).toBe(false);
	});

	it('any amount of up to 8 decimals matches only itself; one with more matches its rounding to 8, up or down', () => {
		const units = fc.bigInt({min: 1n, max: 10n ** 14n});
		fc.assert(
			fc.property(units, fc.integer({min: 0, max: 8}), units, fc.integer({min: 0, max: 8}), (a, aPlaces, b, bPlaces) => {
				const requested = new Big(a.toString()).div(new Big(10).pow(aPlaces)).toFixed();
				const recorded = new Big(b.toString()).div(new Big(10).pow(bPlaces)).toFixed();
				expect(withinRounding(requested, recorded)).toBe(new Big(requested).eq(recorded));
			}),
		);
		fc.assert(
			fc.property(units, fc.integer({min: 9, max: 18}), (a, places) => {
				const requested = new Big(a.toString()).div(new Big(10).pow(places));
				fc.pre(requested.round(8, Big.roundDown).lt(requested));
				for (const mode of [Big.roundDown, Big.roundUp, Big.roundHalfUp, Big.roundHalfEven])
					expect(withinRounding(requested.toFixed(), requested.round(8, mode).toFixed())).toBe(true);
				expect(withinRounding(requested.toFixed(), requested.round(8, Big.roundUp).plus('0.00000001').toFixed())).toBe(false);
			}),
		);
	});

	it('a borrow of 0.015 BTC is not found in a loan of 0.02 BTC', () => {
		const sent: SentRequest = {
			kind: 'borrow',
			request: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.015'},
			sentAt: T,
			snapshot: {ongoing: [], historyKeys: []},
		};
		const finding = matchOutcome(sent, {ongoing: ok([loan({pledgeAmount: '0.02'})]), borrowHistory: ok([borrowRecord({initPledgeAmount: '0.02'})])});
		expect(finding).toMatchObject({status: 'unclear', settled: false});
		expect(finding.message).toContain('pledge amount 0.02');
	});
});

const repayRecord = (over: Partial<RepayRecord> = {}): RepayRecord => ({
	orderId: ORDER,
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	repayAmount: '100',
	payInterest: '0.1',
	repayLoanAmount: '99.9',
	repayUnlockAmount: '0',
	repayTime: String(T + 2000),
	...over,
});
const reduce: ReduceRecord = {
	orderId: ORDER,
	loanCoin: 'USDT',
	pledgeCoin: 'BTC',
	reduceTime: String(T + 1000),
	pledgeRate: '0.9',
	pledgePrice: '1',
	status: 'COMPLETE',
	pledgeAmount: '1',
	reduceFee: '0',
	residueAmount: '0',
	runlockAmount: '0',
	repayLoanAmount: '1',
};

describe('a lost repayment answer', () => {
	const before = loan({loanAmount: '9380', interestAmount: '1.5'});
	const part: SentRequest = {
		kind: 'repay',
		request: {orderId: ORDER, repayAll: false, amount: '100', repayUnlock: false},
		sentAt: T,
		snapshot: {ongoing: [before], historyKeys: []},
	};
	const all: SentRequest = {
		kind: 'repay',
		request: {orderId: ORDER, repayAll: true, repayUnlock: true},
		sentAt: T,
		snapshot: {ongoing: [before], historyKeys: []},
	};

	it('part: found when a repayment of the same amount was recorded after the send', () => {
		const finding = matchOutcome(part, {
			ongoing: ok([loan({loanAmount: '9280.1'})]),
			repayHistory: ok([repayRecord(), repayRecord({repayTime: String(T - 10_000)})]),
			reduces: ok([]),
		});
		expect(finding).toMatchObject({status: 'found', orderId: ORDER});
		expect(finding.message).toMatch(
			/^found a repayment of 100 USDT on order 1130000000000000007 \(the same amount; .* recorded 2 s after the request was sent; the loan is still open$/,
		);
	});

	it('all: someone else repaid 5 USDT and the loan stays open — unclear, never "repaid in full"', () => {
		const finding = matchOutcome(all, {ongoing: ok([loan({loanAmount: '9376.5'})]), repayHistory: ok([repayRecord({repayAmount: '5'})]), reduces: ok([])});
		expect(finding.status).toBe('unclear');
		expect(finding.message).toContain('of 5 USDT, not the 9381.5 owed');
	});

	it('all: found when the loan is closed, or when the amount is what was owed', () => {
		const closed = matchOutcome(all, {ongoing: ok([]), repayHistory: ok([repayRecord({repayAmount: '9381.5'})]), reduces: ok([])});
		expect(closed).toMatchObject({status: 'found'});
		expect(closed.message).toContain('the loan is closed');
		const owed = matchOutcome(all, {ongoing: failed(), repayHistory: ok([repayRecord({repayAmount: '9381.50001'})]), reduces: ok([])});
		expect(owed.status).toBe('found');
		expect(owed.message).toContain('ongoing-orders could not be read');
	});

	it('all: the interest of every hour started between the read and the repayment is what was owed too (repay-preview counts them)', () => {
		const HOUR = 3_600_000;
		// Read at T (snapshot) in the first hour of a loan borrowed at T + 3 s; repaid 3 h 30 min after the borrow: hours 2, 3 and 4 have started, their interest owed too.
		const hour = 9380 * 0.00000617;
		const sent: SentRequest = {...all, snapshot: {ongoing: [before], historyKeys: [], at: T}};
		const paid = (hours: number) => repayRecord({repayAmount: (9381.5 + hours * hour).toFixed(8), repayTime: String(T + 3000 + 3.5 * HOUR)});
		expect(matchOutcome(sent, {ongoing: ok([loan({loanAmount: '1'})]), repayHistory: ok([paid(3)]), reduces: ok([])}).status).toBe('found');
		// Not four: the paid amount must be what was owed then.
		expect(matchOutcome(sent, {ongoing: ok([loan({loanAmount: '1'})]), repayHistory: ok([paid(4)]), reduces: ok([])}).status).toBe('unclear');
	});

	it('a repayment that was there before the send is not ours', () => {
		const earlier = repayRecord({repayTime: String(T - 500)});
		const sent = {...part, snapshot: {ongoing: [before], historyKeys: [recordKey(earlier)]}};
		expect(matchOutcome(sent, {ongoing: ok([before]), repayHistory: ok([earlier]), reduces: ok([])}).status).toBe('not-found');
	});

	it('a smaller debt without a record, a closed loan without a record, a liquidation: unclear', () => {
		expect(matchOutcome(part, {ongoing: ok([loan({loanAmount: '9280'})]), repayHistory: ok([]), reduces: ok([])}).status).toBe('unclear');
		expect(matchOutcome(part, {ongoing: ok([]), repayHistory: ok([]), reduces: ok([])}).message).toMatch(
			/no longer open, but no repayment of it is recorded yet/,
		);
		expect(matchOutcome(part, {ongoing: ok([]), repayHistory: ok([]), reduces: ok([reduce])}).message).toMatch(/was liquidated/);
	});

	it('reduces failing keeps the repay-history evidence', () => {
		const finding = matchOutcome(part, {ongoing: ok([loan({loanAmount: '9280.1'})]), repayHistory: ok([repayRecord()]), reduces: failed('HTTP 500')});
		expect(finding.status).toBe('found');
		expect(finding.message).toContain('reduces could not be read (HTTP 500)');
	});

	it('not found only when every read worked and nothing changed', () => {
		expect(matchOutcome(part, {ongoing: ok([before]), repayHistory: ok([]), reduces: ok([])}).status).toBe('not-found');
		expect(matchOutcome(part, {ongoing: ok([before]), repayHistory: failed(), reduces: ok([])}).status).toBe('unchecked');
	});
});

describe('a lost collateral change answer', () => {
	const sent: SentRequest = {
		kind: 'revisePledge',
		request: {orderId: ORDER, amount: '0.1', pledgeCoin: 'BTC', reviseType: 'IN'},
		sentAt: T,
		snapshot: {ongoing: [loan()], historyKeys: []},
	};
	const record = (over: Partial<ReviseRecord> = {}): ReviseRecord => ({
		loanCoin: 'USDT',
		pledgeCoin: 'BTC',
		orderId: ORDER,
		reviseTime: String(T + 1000),
		reviseSide: 'down',
		reviseAmount: '0.1',
		afterPledgeRate: '0.583333',
		beforePledgeRate: '0.7',
		...over,
	});

	it('found: the change of the same side and amount', () => {
		const finding = matchOutcome(sent, {ongoing: ok([loan({pledgeAmount: '0.6'})]), reviseHistory: ok([record()]), reduces: ok([])});
		expect(finding.message).toBe(`found 0.1 BTC added on order ${ORDER}, recorded 1 s after the request was sent; LTV 70% → 58.33%`);
	});

	it("the other side is someone else's change (unclear); a matching pledge without a record is only unclear", () => {
		expect(matchOutcome(sent, {ongoing: ok([loan()]), reviseHistory: ok([record({reviseSide: 'up'})]), reduces: ok([])}).status).toBe('unclear');
		expect(matchOutcome(sent, {ongoing: ok([loan({pledgeAmount: '0.6'})]), reviseHistory: ok([]), reduces: ok([])}).status).toBe('unclear');
		expect(matchOutcome(sent, {ongoing: ok([loan()]), reviseHistory: ok([]), reduces: ok([])}).status).toBe('not-found');
	});

	it('without a record, "exactly this change" only when the collateral moved the way asked, by the amount asked', () => {
		const small: SentRequest = {...sent, request: {...sent.request, amount: '0.005'}, snapshot: {ongoing: [loan({pledgeAmount: '0.02'})], historyKeys: []}};
		const observe = (pledgeAmount: string) => matchOutcome(small, {ongoing: ok([loan({pledgeAmount})]), reviseHistory: ok([]), reduces: ok([])});
		// From 0.02 to 0.02 is no change at all, whatever the rounding of the strings.
		const unchanged = observe('0.02');
		expect(unchanged.status).toBe('not-found');
		expect(unchanged.message).not.toContain('exactly this change');
		expect(observe('0.025')).toMatchObject({status: 'unclear', message: expect.stringContaining('went from 0.02 to 0.025 BTC, exactly this change')});
		expect(observe('0.024').message).not.toContain('exactly this change');
		expect(observe('0.015').message).not.toContain('exactly this change');
		// An amount past the coin's 8 decimals, the collateral moved by it rounded to 8.
		const fine: SentRequest = {...small, request: {...small.request, amount: '0.0050000001'}};
		expect(matchOutcome(fine, {ongoing: ok([loan({pledgeAmount: '0.025'})]), reviseHistory: ok([]), reduces: ok([])}).message).toContain('exactly this change');
	});
});
