// The loan desk over loopback HTTP: every Part C endpoint and every state change, signed with node:crypto here.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';
import {borrow, call, clockTicks, freezeClock, signed, windowStartOffset} from './helpers.js';

const P = '/api/v2/earn/loan';
const DAY = 86_400_000;
const open: Simulator[] = [];
async function sim(options: Parameters<typeof startSimulator>[0] = {}) {
	// A classic account: these are the v2 endpoints (modes.test.ts covers their v3 twins).
	const s = await startSimulator({accounts: [{...TEST_CREDENTIALS, mode: 'classic'}], clockOffsetMs: windowStartOffset(), ...options});
	open.push(s);
	return s;
}
afterEach(async () => {
	vi.useRealTimers();
	await Promise.all(open.splice(0).map((s) => s.close()));
});

function get(s: Simulator, path: string, query = '') {
	// The simulator's clock is offset from ours by less than a second: well inside the 30 s the signature allows.
	return call(s, 'GET', query ? `${path}?${query}` : path, {headers: signed(TEST_CREDENTIALS, 'GET', path, query)});
}
function post(s: Simulator, path: string, payload: unknown) {
	const body = JSON.stringify(payload);
	return call(s, 'POST', path, {headers: {...signed(TEST_CREDENTIALS, 'POST', path, '', body), 'Content-Type': 'application/json'}, body});
}
async function newLoan(
	s: Simulator,
	payload: Record<string, string> = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'},
): Promise<string> {
	const answer = await borrow(s, TEST_CREDENTIALS, payload);
	expect(answer.json.code).toBe('00000');
	return answer.json.data.orderId;
}
const ongoing = async (s: Simulator, query = '') => (await get(s, `${P}/ongoing-orders`, query)).json.data;
const window = (days = 30) => `endTime=${Date.now() + 5000}&startTime=${Date.now() - days * DAY}`;

describe('coinInfos (public)', () => {
	it('lists loanable and pledgeable coins with fractions, unsigned', async () => {
		const s = await sim();
		const answer = await call(s, 'GET', `${P}/public/coinInfos`);
		expect(answer.json.code).toBe('00000');
		const usdt = answer.json.data.loanInfos.find((info: {coin: string}) => info.coin === 'USDT');
		expect(usdt).toMatchObject({hourRate7D: '0.00000617', rate7D: '0.0540492', min: '10', max: '10000000000'});
		expect(answer.json.data.pledgeInfos.find((info: {coin: string}) => info.coin === 'ETH')).toEqual({
			coin: 'ETH',
			initRate: '0.7',
			supRate: '0.8',
			forceRate: '0.9',
			minUsdt: '0',
			maxUsdt: '2000000',
		});
		expect((await call(s, 'GET', `${P}/public/coinInfos?coin=NOPE`)).json.code).toBe('40034');
	});

	it('is limited to 10 per second per IP', async () => {
		// The clock frozen: the eleven requests fall in one second of the server's clock, however slow the machine.
		freezeClock();
		const s = await sim();
		const answers = await Promise.all(Array.from({length: 11}, () => call(s, 'GET', `${P}/public/coinInfos?coin=BTC`)));
		expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
	});
});

describe('ongoing orders and interest', () => {
	it('a borrow opens an order with percentages, charged its first hour at once and each further hour as it starts', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		const [loan] = await ongoing(s);
		// Per started hour (reference D.2, E): the first hour, 18760 × 0.00000617, is owed from the start.
		expect(loan).toMatchObject({
			orderId,
			loanCoin: 'USDT',
			loanAmount: '18760',
			interestAmount: '0.1157492',
			hourInterestRate: '0.000617',
			pledgeCoin: 'BTC',
			pledgeAmount: '1',
			pledgeRate: '70',
			supRate: '80',
			forceRate: '90',
		});
		expect(Number(loan.expireTime) - Number(loan.borrowTime)).toBe(7 * DAY);
		s.loans.advanceHours(10);
		const [later] = await ongoing(s);
		// Ten hours on: the eleventh has started. 18760 × 0.00000617 × 11
		expect(later.interestAmount).toBe('1.2732412');
	});

	it('the server clock half an hour on charges nothing more; an hour and a half on, the second hour', async () => {
		const s = await sim();
		const offset = windowStartOffset();
		s.setClockOffset(offset);
		const orderId = await newLoan(s);
		// Read on the desk (a request signed on this machine's clock would be refused 30 min off). Half an hour either
		// side of the boundary: however slow this machine, the real time between the calls stays well inside.
		const interest = () => (s.loans.ltv(orderId), s.loans.all[0]!.interest.toFixed());
		s.setClockOffset(offset + 30 * 60_000);
		expect(interest()).toBe('0.1157492');
		s.setClockOffset(offset + 90 * 60_000);
		expect(interest()).toBe('0.2314984');
	});

	it('a flexible loan has no expiry, and filters by order and coins', async () => {
		const s = await sim();
		const flexible = await newLoan(s, {loanCoin: 'ETH', pledgeCoin: 'USDT', daily: 'FLEXIBLE', loanAmount: '1'});
		await newLoan(s);
		expect((await ongoing(s, `orderId=${flexible}`)).map((l: {expireTime: string}) => l.expireTime)).toEqual(['0']);
		expect(await ongoing(s, 'loanCoin=ETH')).toHaveLength(1);
		expect(await ongoing(s)).toHaveLength(2);
	});

	it('needs a signature and is limited per API key', async () => {
		freezeClock();
		const s = await sim();
		expect((await call(s, 'GET', `${P}/ongoing-orders`)).json.code).toBe('40001');
		const answers = await Promise.all(Array.from({length: 11}, () => get(s, `${P}/ongoing-orders`)));
		expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
	});

	it('--demo starts with two loans per account', async () => {
		const s = await sim({demoLoans: true});
		const loans = await ongoing(s);
		expect(loans).toHaveLength(2);
		expect(loans.every((l: {interestAmount: string}) => Number(l.interestAmount) > 0)).toBe(true);
		s.reset();
		expect(await ongoing(s)).toHaveLength(2);
	});
});

describe('repay', () => {
	it('partial, keeping the collateral: interest first, then principal; recorded', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.loans.advanceHours(10);
		// Eleven hours started: 18760 × 0.00000617 × 11 of interest, paid first.
		const answer = await post(s, `${P}/repay`, {orderId, repayAll: 'no', amount: '100', repayUnlock: 'no'});
		expect(answer.json.data).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '100',
			payInterest: '1.2732412',
			repayLoanAmount: '98.7267588',
			repayUnlockAmount: '0',
		});
		const [loan] = await ongoing(s);
		expect(loan).toMatchObject({loanAmount: '18661.2732412', interestAmount: '0', pledgeAmount: '1'});
		// The next hour is charged on the principal owed when it starts.
		s.loans.advanceHours(1);
		expect((await ongoing(s))[0].interestAmount).toBe('0.11514006');
	});

	it('partial with release: collateral released in proportion, the LTV unchanged', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		// The first hour's interest (0.1157492) goes first, then a tenth of the principal.
		const answer = await post(s, `${P}/repay`, {orderId, repayAll: 'no', amount: '1876.1157492', repayUnlock: 'yes'});
		expect(answer.json.data.repayUnlockAmount).toBe('0.1');
		expect((await ongoing(s))[0]).toMatchObject({pledgeAmount: '0.9', pledgeRate: '70'});
	});

	it('all: the order closes, the collateral is released, histories show it', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.loans.advanceHours(1);
		const answer = await post(s, `${P}/repay`, {orderId, repayAll: 'yes'});
		// Two hours started: 2 × 18760 × 0.00000617.
		expect(answer.json.data).toMatchObject({repayAmount: '18760.2314984', payInterest: '0.2314984', repayLoanAmount: '18760', repayUnlockAmount: '1'});
		expect(await ongoing(s)).toEqual([]);
		expect((await get(s, `${P}/repay-history`, window())).json.data).toEqual([
			expect.objectContaining({orderId, repayAmount: '18760.2314984', repayTime: expect.stringMatching(/^\d{13}$/)}),
		]);
		expect((await get(s, `${P}/borrow-history`, window())).json.data[0]).toMatchObject({orderId, status: 'REPAY', daily: 'SEVEN', initLoanAmount: '18760'});
	});

	it.each([
		[{repayAll: 'no'}, '40019'],
		[{repayAll: 'maybe'}, '40020'],
		[{repayAll: 'no', amount: '-1'}, '40020'],
		[{repayAll: 'no', amount: '999999'}, '40020'],
		[{repayAll: 'yes', orderId: '42'}, '40020'],
	])('refuses %j with %s and changes nothing', async (fields, code) => {
		const s = await sim();
		const orderId = await newLoan(s);
		const answer = await post(s, `${P}/repay`, {orderId, ...fields});
		expect(answer.json.code).toBe(code);
		expect((await ongoing(s))[0].loanAmount).toBe('18760');
	});

	it('a lost answer (reset after acting) still repays: the histories are how to find out', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		s.injectFault({kind: 'reset-after-order', operation: 'repay'});
		await expect(post(s, `${P}/repay`, {orderId, repayAll: 'yes'})).rejects.toThrow();
		expect(await ongoing(s)).toEqual([]);
		expect((await get(s, `${P}/repay-history`, window())).json.data).toHaveLength(1);
	});
});

describe('revise-pledge', () => {
	it('IN lowers the LTV, OUT raises it, both recorded with their sides', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		const added = await post(s, `${P}/revise-pledge`, {orderId, amount: '0.4', pledgeCoin: 'BTC', reviseType: 'IN'});
		expect(added.json.data).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '50'});
		const withdrawn = await post(s, `${P}/revise-pledge`, {orderId, amount: '0.2', pledgeCoin: 'BTC', reviseType: 'OUT'});
		expect(withdrawn.json.data.afterPledgeRate).toBe('58.33');
		const history = (await get(s, `${P}/revise-history`, window())).json.data;
		expect(
			history.map((r: {reviseSide: string; beforePledgeRate: string; afterPledgeRate: string}) => [r.reviseSide, r.beforePledgeRate, r.afterPledgeRate]),
		).toEqual([
			['up', '50', '58.33'],
			['down', '70', '50'],
		]);
		expect((await get(s, `${P}/revise-history`, `${window()}&reviseSide=down`)).json.data).toHaveLength(1);
	});

	it('refuses a withdrawal that would reach the margin-call LTV, and a wrong coin', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		// 18760 / (x × 26800) = 0.8 at x = 0.875: withdrawing 0.125 reaches it exactly.
		expect((await post(s, `${P}/revise-pledge`, {orderId, amount: '0.125', pledgeCoin: 'BTC', reviseType: 'OUT'})).json.code).toBe('40020');
		expect((await post(s, `${P}/revise-pledge`, {orderId, amount: '0.124', pledgeCoin: 'BTC', reviseType: 'OUT'})).json.code).toBe('00000');
		expect((await post(s, `${P}/revise-pledge`, {orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'})).json.code).toBe('40020');
		expect((await post(s, `${P}/revise-pledge`, {orderId, amount: '1', pledgeCoin: 'BTC', reviseType: 'SIDEWAYS'})).json.code).toBe('40020');
		expect((await post(s, `${P}/revise-pledge`, {orderId, pledgeCoin: 'BTC', reviseType: 'IN'})).json.code).toBe('40019');
	});
});

describe('price moves: margin call, then liquidation', () => {
	it('a falling pledge price crosses the margin-call LTV, then liquidation closes the order and writes a reduces record', async () => {
		const s = await sim();
		const orderId = await newLoan(s);
		// LTV 0.7 at 26800; LTV scales as 1/price: 0.8 at 23450, 0.9 at 20844.44…
		s.loans.setPrice('BTC', '23000');
		const [called] = await ongoing(s);
		expect(Number(called.pledgeRate)).toBeGreaterThanOrEqual(80);
		expect(Number(called.pledgeRate)).toBeLessThan(90);
		expect((await get(s, `${P}/reduces`, window())).json.data).toEqual([]);
		s.loans.setPrice('BTC', '20800');
		expect(await ongoing(s)).toEqual([]);
		const [reduce] = (await get(s, `${P}/reduces`, window())).json.data;
		// Debt 18760 and its first hour 0.1157492, + 1 % fee = 18947.71690669 USDT, sold at 20800: 0.91094793 BTC; the rest released.
		expect(reduce).toMatchObject({
			orderId,
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			pledgeRate: '90.19',
			pledgePrice: '20800',
			status: 'COMPLETE',
			pledgeAmount: '0.91094793',
			reduceFee: '187.60115749',
			residueAmount: '0.08905207',
			runlockAmount: '0.08905207',
			repayLoanAmount: '18760.1157492',
		});
		expect((await get(s, `${P}/borrow-history`, `${window()}&status=FORCE`)).json.data.map((r: {orderId: string}) => r.orderId)).toEqual([orderId]);
	});

	it('interest alone can push a loan over the line', async () => {
		const s = await sim();
		await newLoan(s, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '21000'});
		// 0.7 × (1 + 0.00000617 × h) reaches 0.9 after about 46,000 hours.
		s.loans.advanceHours(40_000);
		expect(await ongoing(s)).toHaveLength(1);
		s.loans.advanceHours(7_000);
		expect(await ongoing(s)).toEqual([]);
		expect(s.loans.reduces).toHaveLength(1);
	});
});

describe('debts and history paging', () => {
	it('totals what is owed and pledged per coin, in USDT too', async () => {
		const s = await sim();
		await newLoan(s);
		await newLoan(s, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '1'});
		const debts = (await get(s, `${P}/debts`)).json.data;
		// Both lend at BTC's one initial LTV (0.7); each owes its first hour (SEVEN 0.00000617, THIRTY 0.0000064 an hour).
		expect(debts).toEqual({
			pledgeInfos: [{coin: 'BTC', amount: '2', amountUsdt: '53600'}],
			loanInfos: [{coin: 'USDT', amount: '37520.2358132', amountUsdt: '37520.24'}],
		});
	});

	it('pages newest first, and checks the window and page size', async () => {
		const s = await sim({rateLimits: false});
		const ids: string[] = [];
		for (let i = 0; i < 5; i++) {
			ids.push(await newLoan(s));
			// The next loan a millisecond later at least (the clock ticked), so newest-first has one order.
			await clockTicks();
		}
		const page = async (no: number) =>
			(await get(s, `${P}/borrow-history`, `${window()}&pageNo=${no}&pageSize=2`)).json.data.map((r: {orderId: string}) => r.orderId);
		expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual([...ids].reverse());
		expect((await get(s, `${P}/borrow-history`)).json.code).toBe('40019');
		expect((await get(s, `${P}/borrow-history`, window(100))).json.code).toBe('40020');
		expect((await get(s, `${P}/borrow-history`, `${window()}&pageSize=101`)).json.code).toBe('40020');
		expect((await get(s, `${P}/reduces`, `endTime=1&startTime=${Date.now()}`)).json.code).toBe('40020');
	});
});

describe('the demo clock', () => {
	it('advances one simulated hour per interval, and stops with the simulator', async () => {
		// The interval faked (HTTP stays real): each tick is a step the test takes. close() clears its timers with
		// clearTimeout, so that is faked too.
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval', 'clearTimeout']});
		const s = await sim({hourEveryMs: 40});
		const orderId = await newLoan(s);
		// The first hour (18760 × 0.00000617 = 0.1157492) at once; each tick starts the next.
		expect((await ongoing(s, `orderId=${orderId}`))[0].interestAmount).toBe('0.1157492');
		vi.advanceTimersByTime(39);
		expect((await ongoing(s, `orderId=${orderId}`))[0].interestAmount).toBe('0.1157492');
		vi.advanceTimersByTime(41);
		expect((await ongoing(s, `orderId=${orderId}`))[0].interestAmount).toBe('0.3472476');
		expect(vi.getTimerCount()).toBe(1);
		await s.close();
		// Stopped: its interval is cleared, and time passing adds nothing.
		expect(vi.getTimerCount()).toBe(0);
		const interest = s.loans.all[0]!.interest.toFixed();
		vi.advanceTimersByTime(400);
		expect(s.loans.all[0]!.interest.toFixed()).toBe(interest);
	});
});
