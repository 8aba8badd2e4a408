// The simulator speaks the reference's Part D: a failed borrow is a ROLLBACK record of the borrow history (no loan
// exists), and every ratio leaves in the unit Bitget's own examples use — percent from the order endpoints, fractions
// from coinInfos — so the client's one conversion (api/loan-schemas.ts) gives back the desk's fractions exactly.
import Big from 'big.js';
import {afterEach, describe, expect, it} from 'vitest';
import {BitgetClient} from '../../source/api/client.js';
import {COINS, initialLtv} from '../../source/simulator/coins.js';
import {LIQUIDATION_LTV, MARGIN_CALL_LTV, startSimulator, type Simulator} from '../../source/simulator/index.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';
import {borrow, call, signed} from './helpers.js';

const P = '/api/v2/earn/loan';
const DAY = 86_400_000;
const open: Simulator[] = [];
const clients: BitgetClient[] = [];
async function sim(): Promise<Simulator> {
	// A classic account: the v2 endpoints, and the v2 client reading them.
	const s = await startSimulator({accounts: [{...TEST_CREDENTIALS, mode: 'classic'}], rateLimits: false});
	open.push(s);
	return s;
}
function client(s: Simulator): BitgetClient {
	const made = new BitgetClient({baseUrl: s.url, credentials: TEST_CREDENTIALS});
	clients.push(made);
	return made;
}
afterEach(async () => {
	await Promise.all(clients.splice(0).map((c) => c.close()));
	await Promise.all(open.splice(0).map((s) => s.close()));
});

function get(s: Simulator, path: string, query = '') {
	return call(s, 'GET', query ? `${path}?${query}` : path, {headers: signed(TEST_CREDENTIALS, 'GET', path, query)});
}
const window = () => `endTime=${Date.now() + 5000}&startTime=${Date.now() - DAY}`;
const percentOf = (fraction: string) => new Big(fraction).times(100);

describe('a failed borrow is recorded as ROLLBACK, and no loan exists', () => {
	it.each([
		['more collateral than held (43012)', {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '99999'}, '43012'],
		['a pledge too small to borrow anything (80005)', {loanCoin: 'BTC', pledgeCoin: 'USDT', daily: 'THIRTY', pledgeAmount: '0.00000001'}, '80005'],
	])('%s', async (_name, request, code) => {
		const s = await sim();
		const answer = await borrow(s, TEST_CREDENTIALS, request);
		expect(answer.json.code).toBe(code);
		const history = (await get(s, `${P}/borrow-history`, window())).json.data;
		expect(history).toEqual([
			expect.objectContaining({
				orderId: expect.stringMatching(/^\d{19}$/),
				loanCoin: request.loanCoin,
				pledgeCoin: request.pledgeCoin,
				daily: request.daily,
				status: 'ROLLBACK',
			}),
		]);
		expect((await get(s, `${P}/borrow-history`, `${window()}&status=ROLLBACK`)).json.data).toHaveLength(1);
		// No loan: nothing ongoing, owed or pledged, and nothing can be repaid on the failed order.
		expect((await get(s, `${P}/ongoing-orders`)).json.data).toEqual([]);
		expect((await get(s, `${P}/debts`)).json.data).toEqual({pledgeInfos: [], loanInfos: []});
		expect(s.orders).toEqual([]);
		expect(s.loans.all.map((loan) => loan.status)).toEqual(['ROLLBACK']);
		const body = JSON.stringify({orderId: history[0].orderId, repayAll: 'yes'});
		const repay = await call(s, 'POST', `${P}/repay`, {
			headers: {...signed(TEST_CREDENTIALS, 'POST', `${P}/repay`, '', body), 'Content-Type': 'application/json'},
			body,
		});
		expect(repay.json.code).toBe('40020');
	});

	it("a refusal of the request's form records nothing", async () => {
		const s = await sim();
		for (const request of [
			{loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'WEEK', pledgeAmount: '1'},
			{loanCoin: 'NOPE', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'},
			{loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN'},
		]) {
			expect((await borrow(s, TEST_CREDENTIALS, request)).json.code).not.toBe('00000');
		}
		expect((await get(s, `${P}/borrow-history`, window())).json.data).toEqual([]);
		expect(s.loans.all).toEqual([]);
	});

	it('is recorded even when the answer is lost, and the client reads it as ROLLBACK beside a real loan', async () => {
		const s = await sim();
		const c = client(s);
		const {orderId} = await c.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		s.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await expect(borrow(s, TEST_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '99999'})).rejects.toThrow();
		const page = await c.history('borrowHistory', {startTime: Date.now() - DAY, endTime: Date.now() + 5000});
		expect(page.unreadable).toBe(0);
		expect(page.records.map((record) => record.status).sort()).toEqual(['BORROWING', 'ROLLBACK']);
		expect(page.records.find((record) => record.status === 'ROLLBACK')!.orderId).not.toBe(orderId);
		expect((await c.ongoingOrders()).map((loan) => loan.orderId)).toEqual([orderId]);
	});
});

describe('units as in Part D.1', () => {
	it('ongoing-orders: hourInterestRate in percent per hour; pledgeRate, supRate, forceRate in percent', async () => {
		const s = await sim();
		await borrow(s, TEST_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', pledgeAmount: '10'});
		const [loan] = (await get(s, `${P}/ongoing-orders`)).json.data;
		const hourly = COINS.get('USDT')!.hourlyRate.THIRTY;
		expect(new Big(loan.hourInterestRate).eq(percentOf(hourly))).toBe(true);
		expect(new Big(loan.pledgeRate).eq(percentOf(initialLtv('ETH')))).toBe(true);
		expect(new Big(loan.supRate).eq(percentOf(MARGIN_CALL_LTV))).toBe(true);
		expect(new Big(loan.forceRate).eq(percentOf(LIQUIDATION_LTV))).toBe(true);
		// An hour charges loanAmount × hourInterestRate ÷ 100, the check Part D.1 makes on Bitget's example; the first
		// is charged as the loan starts (per started hour, Part E: a full hour 434 s after borrowing), the next as it starts.
		const hour = new Big(loan.loanAmount).times(loan.hourInterestRate).div(100);
		expect(new Big(loan.interestAmount).eq(hour)).toBe(true);
		s.loans.advanceHours(1);
		const [later] = (await get(s, `${P}/ongoing-orders`)).json.data;
		expect(new Big(later.interestAmount).eq(hour.times(2))).toBe(true);
	});

	it('borrow-history: hourRate in percent; revise and reduces: LTVs in percent; coinInfos: fractions', async () => {
		const s = await sim();
		const placed = await borrow(s, TEST_CREDENTIALS, {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'SEVEN', pledgeAmount: '10'});
		const orderId = placed.json.data.orderId;
		const [record] = (await get(s, `${P}/borrow-history`, window())).json.data;
		expect(new Big(record.hourRate).eq(percentOf(COINS.get('USDT')!.hourlyRate.SEVEN))).toBe(true);
		const body = JSON.stringify({orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'});
		const revised = await call(s, 'POST', `${P}/revise-pledge`, {
			headers: {...signed(TEST_CREDENTIALS, 'POST', `${P}/revise-pledge`, '', body), 'Content-Type': 'application/json'},
			body,
		});
		expect(Number(revised.json.data.afterPledgeRate)).toBeGreaterThan(1);
		const [revise] = (await get(s, `${P}/revise-history`, window())).json.data;
		expect(new Big(revise.beforePledgeRate).eq(percentOf(initialLtv('ETH')))).toBe(true);
		s.loans.setPrice('ETH', '900');
		const [reduce] = (await get(s, `${P}/reduces`, window())).json.data;
		expect(Number(reduce.pledgeRate)).toBeGreaterThan(90);
		const infos = (await call(s, 'GET', `${P}/public/coinInfos?coin=USDT`)).json.data;
		expect(infos.loanInfos[0]).toMatchObject({hourRate7D: COINS.get('USDT')!.hourlyRate.SEVEN});
		expect(new Big(infos.loanInfos[0].rate7D).eq(new Big(COINS.get('USDT')!.hourlyRate.SEVEN).times(8760))).toBe(true);
		expect(infos.pledgeInfos[0]).toMatchObject({initRate: initialLtv('USDT'), supRate: MARGIN_CALL_LTV, forceRate: LIQUIDATION_LTV});
	});

	it("the client reads every unit back to the desk's own fractions", async () => {
		const s = await sim();
		const c = client(s);
		const flexible = COINS.get('USDT')!.hourlyRate.FLEXIBLE;
		const same = (a: string, b: string) => new Big(a).eq(b);
		await c.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '1'});
		const [loan] = await c.ongoingOrders();
		expect(same(loan!.hourInterestRate, flexible)).toBe(true);
		expect(loan).toMatchObject({pledgeRate: initialLtv('BTC'), supRate: MARGIN_CALL_LTV, forceRate: LIQUIDATION_LTV, expireTime: '0'});
		const {records} = await c.history('borrowHistory', {startTime: Date.now() - DAY, endTime: Date.now() + 5000});
		expect(same(records[0]!.hourRate, flexible)).toBe(true);
		expect(records[0]!.daily).toBe('FLEXIBLE');
		const infos = await c.coinInfos('USDT');
		expect(same(infos.loanInfos[0]!.hourRate.FLEXIBLE!, flexible)).toBe(true);
	});
});
