// TCP connections the client opens, counted by the simulator over real loopback HTTP: one for a session's
// sequential requests, at most one per period for a concurrent estimate round, and none new for the next round.
import {describe, expect, it} from 'vitest';
import {useSimulator} from '../helpers/simulator.js';
import {untilReal} from '../helpers/clock.js';

const PERIODS = ['SEVEN', 'THIRTY', 'FLEXIBLE'] as const;

describe('connections', () => {
	const sim = useSimulator();
	it('one for a session of sequential requests of different kinds', async () => {
		const client = sim.client();
		const before = sim.simulator.connections;
		await client.symbols('BTCUSDT');
		await client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		await client.symbols();
		await client.estimate({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', pledgeAmount: '2'});
		expect(sim.simulator.connections - before).toBe(1);
		expect(sim.simulator.requests.filter((request) => request.operation !== 'unknown')).toHaveLength(4);
	});

	it('an estimate round (three periods at once): at most one per period, all kept alive for the next round', async () => {
		const client = sim.client();
		const round = (pledgeAmount: string) => Promise.all(PERIODS.map((daily) => client.estimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily, pledgeAmount})));
		const before = sim.simulator.connections;
		await round('100');
		const first = sim.simulator.connections - before;
		expect(first).toBeGreaterThanOrEqual(1);
		expect(first).toBeLessThanOrEqual(PERIODS.length);
		await round('250');
		await round('12345.67');
		expect(sim.simulator.connections - before).toBe(first);
		expect(sim.simulator.requests.filter((request) => request.operation === 'estimate')).toHaveLength(9);
	});

	it('a list answer held back (readAfter) and then abandoned frees its connection; the next one reads as usual', async () => {
		const client = sim.client();
		const controller = new AbortController();
		// Held: the answer is in and the client waits on readAfter (the moment it starts waiting is when it calls then).
		let holding = false;
		const never = new Promise<never>(() => undefined);
		const readAfter = {then: (...handlers: Parameters<Promise<never>['then']>) => ((holding = true), never.then(...handlers))} as unknown as Promise<unknown>;
		const held = client.symbolList(undefined, {readAfter, signal: controller.signal});
		await untilReal(() => holding, 'the answer held back');
		controller.abort(new Error('left the screen'));
		await expect(held).rejects.toThrow('left the screen');
		let read = false;
		const list = await client.symbolList(undefined, {readAfter: new Promise((resolve) => setTimeout(() => resolve((read = true)), 50))});
		expect(read).toBe(true);
		expect(list.records.length).toBeGreaterThan(10);
	});
});
