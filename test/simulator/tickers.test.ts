// The simulator's tickers come from the one price book its estimates and loans are valued with; the client reads them
// unsigned and schema-checked.
import {describe, expect, it} from 'vitest';
import {useSimulator} from '../helpers/simulator.js';
import {ProtocolError} from '../../source/api/errors.js';

describe('tickers (simulator over loopback, the client)', () => {
	// A classic account: the v2 client borrows through it.
	const sim = useSimulator({accountMode: 'classic'});

	it('every priced pair, unsigned, from the same book as the loans; a price set moves the ticker, the estimate and the LTV', async () => {
		const client = sim.client();
		const before = await client.tickers();
		expect(before.unreadable).toBe(0);
		expect(before.records.find((t) => t.symbol === 'BTCUSDT')).toMatchObject({lastPr: '26800'});
		// Offline pairs have no ticker.
		expect(before.records.some((t) => t.symbol === 'LUNAUSDT')).toBe(false);
		const request = sim.simulator.requests.find((r) => r.path === '/api/v2/spot/market/tickers');
		expect(request?.headers['access-sign']).toBeUndefined();

		sim.simulator.setPrice('BTC', '90000');
		const [btc] = (await client.tickers('BTC/USDT')).records;
		expect(btc).toMatchObject({symbol: 'BTCUSDT', lastPr: '90000'});
		expect(Number(btc!.ts)).toBeGreaterThan(Date.now() - 60_000);
		expect((await client.tickers('ETHBTC')).records[0]!.lastPr).toBe('0.017167');
		// The estimate uses the same price: 1 BTC at 90,000 and 70 % lends 63,000 USDT.
		expect((await client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'})).loanAmount).toBe('63000');
		// A loan by amount takes the pledge at that price: 10,000 USDT needs 0.15873016 BTC.
		await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '10000'});
		const [loan] = await client.ongoingOrders();
		expect(loan).toMatchObject({pledgeAmount: '0.15873016', pledgeRate: '0.7'});
	});

	it('a coin whose tickers are hidden has none; an unknown pair is refused with the server code', async () => {
		const client = sim.client();
		sim.simulator.loans.hideTickers('SOL', true);
		const page = await client.tickers();
		expect(page.records.some((t) => t.symbol.startsWith('SOL'))).toBe(false);
		expect(page.records.some((t) => t.symbol === 'BTCUSDT')).toBe(true);
		await expect(client.tickers('ZZZUSDT')).rejects.toMatchObject({code: '40034'});
	});

	it('an unreadable ticker is left out and counted; an answer that is not a list is a protocol error', async () => {
		const client = sim.client();
		const envelope = (data: unknown) => JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data});
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'tickers',
			body: envelope([
				{symbol: 'BTCUSDT', lastPr: '1', ts: '1'},
				{symbol: 'ETHUSDT', lastPr: 'lots', ts: '1'},
			]),
		});
		const page = await client.tickers();
		expect(page).toMatchObject({records: [{symbol: 'BTCUSDT', lastPr: '1', ts: '1'}], unreadable: 1});
		expect(page.firstProblem).toContain('lastPr');
		sim.simulator.injectFault({kind: 'raw', operation: 'tickers', body: envelope({symbol: 'BTCUSDT'})});
		await expect(client.tickers()).rejects.toBeInstanceOf(ProtocolError);
	});
});
