// Coin fields complete from Bitget's loanable and pledgeable coins (coinInfos); the symbol list is the fallback.
import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const coinList = JSON.stringify({
	code: '00000',
	msg: 'success',
	requestTime: 1,
	data: {
		loanInfos: [{coin: 'ZZLOAN', hourRate7D: '0.00000617', rate7D: '0.054'}, {coin: 'USDT'}],
		pledgeInfos: [
			{coin: 'ZZPLEDGE', initRate: '0.65', supRate: '0.8', forceRate: '0.9'},
			{coin: 'BTC', initRate: '0.65', supRate: '0.8', forceRate: '0.9'},
		],
	},
});

describe('where coin suggestions come from', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('Estimate: the loan coin field suggests loanable coins, the pledge coin field pledgeable ones', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'coinInfos', body: coinList});
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'estimate'}], quit: false}});
		await app.waitForText('Loan coin');
		await app.type('ZZ');
		const loan = await app.waitForText('ZZLOAN');
		expect(loan).not.toContain('ZZPLEDGE');
		// Enter takes only a suggestion moved to: ↓ marks ZZLOAN.
		await app.press(KEYS.down, KEYS.enter);
		await app.type('ZZ');
		const pledge = await app.waitForText('ZZPLEDGE');
		expect(pledge).toMatch(/Loan coin\s+ZZLOAN/);
	});

	it('Borrow: the same, and when coinInfos fails the symbol list suggests', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'coinInfos', times: 5});
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
			demo: true,
			credentials: TEST_CREDENTIALS,
		});
		await app.waitForText('Borrow · 1 of 6');
		await app.type('ET');
		const frame = await app.waitForText('ETH');
		expect(frame).not.toContain('ZZLOAN');
		expect(sim.simulator.requests.some((request) => request.operation === 'symbols')).toBe(true);
	});
});
