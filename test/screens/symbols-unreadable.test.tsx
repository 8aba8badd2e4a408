// One odd record does not lose the list in the explorer: the valid pairs show, the rest are counted.
import {afterEach, describe, expect, it} from 'vitest';
import {BUILT_IN_SYMBOLS} from '../../source/simulator/index.js';
import {renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

describe('explorer with unreadable records', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('shows every valid pair and "2 unreadable records left out"', async () => {
		const data = BUILT_IN_SYMBOLS.map((record) => ({...record}));
		data[0] = {...data[0]!, makerFeeRate: ''};
		data[1] = {...data[1]!, minTradeUSDT: 'lots'};
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', body: JSON.stringify({code: '00000', msg: 'success', requestTime: 1, data})});
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		const frame = await app.waitForText(/of \d+ pairs/);
		const valid = BUILT_IN_SYMBOLS.length - 2;
		expect(frame).toContain(`${valid} of ${valid} pairs · 2 unreadable records left out`);
	});

	it('a minimum too long for its column is written with an exponent, never a bare prefix', async () => {
		const data = BUILT_IN_SYMBOLS.map((record) => ({...record}));
		data[0] = {...data[0]!, minTradeUSDT: '98765432109876543210'};
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', body: JSON.stringify({code: '00000', msg: 'success', requestTime: 1, data})});
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		await app.waitForText(/of \d+ pairs/);
		await app.type(data[0]!.symbol);
		const frame = await app.waitForText(/\d\.\d+e19/);
		expect(frame).not.toMatch(/98765432109876\d*\s/);
	});
});
