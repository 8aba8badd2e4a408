// The shared coin list: loaded once, and each full list handed on (for shell completion's coins).
import {describe, expect, it} from 'vitest';
import {createCoinInfoStore} from '../../source/services/coin-info-store.js';
import {useSimulator} from '../helpers/simulator.js';
import {waitFor} from '../helpers/ink.js';
import type {CoinInfos} from '../../source/api/loan-types.js';

describe('coin info store', () => {
	const sim = useSimulator();

	it('loads once and hands the list it loaded to onLoaded', async () => {
		const heard: CoinInfos[] = [];
		const store = createCoinInfoStore(sim.client(), (infos) => heard.push(infos));
		store.ensure();
		store.ensure();
		await waitFor(() => expect(store.get().status).toBe('ready'));
		expect(heard).toHaveLength(1);
		expect(heard[0]!.loanInfos.map((info) => info.coin)).toContain('USDT');
		expect(heard[0]!.pledgeInfos.map((info) => info.coin)).toContain('BTC');
		expect(sim.simulator.requests.filter((request) => request.operation === 'coinInfos')).toHaveLength(1);
	});
});
