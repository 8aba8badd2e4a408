// The CLI borrow prompt's chance line (source/cli/commands/borrow-review.ts), through a real session on the simulator
// over loopback: the sentence the pair's history gives, with the disclaimer once; a coin listed lately says it has no
// history; and a history read that does not answer in time is said to be late rather than waited for.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough} from 'node:stream';
import {afterEach, describe, expect, it} from 'vitest';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {openSession, type Session} from '../../source/runtime/session.js';
import {readConfig} from '../../source/runtime/config.js';
import {borrowReviewLines, historyWithin} from '../../source/cli/commands/borrow-review.js';
import {priceHistoryReader} from '../../source/operations/price-history.js';
import {chanceFrom} from '../../source/operations/loan-chance.js';
import {readPrices} from '../../source/operations/prices.js';
import {ltvPrices, quotePrice, startingLtv} from '../../source/loans/prices.js';
import {periodHorizon} from '../../source/loans/chance.js';
import {CHANCE_DISCLAIMER, chanceSentence, noHistorySentence} from '../../source/format/chance-words.js';

describe('the CLI borrow prompt says the chance of a margin call', () => {
	const sim = useSimulator();
	let session: Session | undefined;
	afterEach(async () => {
		await session?.close();
		session = undefined;
	});

	const open = async () => {
		const home = mkdtempSync(join(tmpdir(), 'loan-tui-borrow-chance-'));
		const env = {
			...TEST_CREDENTIAL_ENV,
			HOME: home,
			XDG_CACHE_HOME: join(home, 'cache'),
			XDG_STATE_HOME: join(home, 'state'),
			XDG_CONFIG_HOME: join(home, 'config'),
		};
		const out = {stdout: new PassThrough(), stderr: new PassThrough(), json: false};
		session = await openSession(readConfig({'base-url': sim.simulator.url}, env), out);
		return session;
	};

	it('prints the sentence of the pair on the same simulator once, with the disclaimer', async () => {
		const opened = await open();
		const lines = await borrowReviewLines(opened, {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		// The same figures through the same simulator: today's price, the marks at the coin's initial LTV, the history.
		const client = sim.client();
		const [infos, prices, history] = await Promise.all([client.coinInfos(), readPrices(client), priceHistoryReader(client).read('BTC', 'USDT')]);
		const info = infos.pledgeInfos.find((coin) => coin.coin === 'BTC')!;
		const quote = quotePrice(prices, 'BTC', 'USDT', client.clock.now());
		if (quote.status !== 'ok') throw new Error('no price');
		const marks = ltvPrices(quote.price, startingLtv(info.initRate, '1', '1', quote.price), info.supRate, info.forceRate);
		const chance = chanceFrom(history, {price: quote.price, ...marks, horizon: periodHorizon('SEVEN')});
		if (chance.status !== 'ok') throw new Error(`expected a chance, got ${chance.status}`);
		const sentence = chanceSentence({base: 'BTC', quote: 'USDT'}, chance);
		expect(sentence).toContain('chance of a margin call within 7 days');
		expect(lines).toContain(`  ${sentence} ${CHANCE_DISCLAIMER}`);
		expect(lines.join('\n').split(CHANCE_DISCLAIMER).length - 1).toBe(1);
		// Beside the marks: after the liquidation line.
		const liquidation = lines.findIndex((line) => line.startsWith('  liquidation (LTV'));
		expect(lines[liquidation + 1]).toBe(`  ${sentence} ${CHANCE_DISCLAIMER}`);
		expect(sim.posts()).toEqual([]);
	});

	it('a coin listed lately (TON) has no history: said so, no disclaimer', async () => {
		const opened = await open();
		const lines = await borrowReviewLines(opened, {loanCoin: 'USDT', pledgeCoin: 'TON', daily: 'THIRTY', pledgeAmount: '100'});
		const history = await priceHistoryReader(sim.client()).read('TON', 'USDT');
		if (history.status !== 'no history') throw new Error(`expected no history, got ${history.status}`);
		expect(lines).toContain(`  ${noHistorySentence({base: 'TON', quote: 'USDT'}, history.reason)}`);
		expect(lines.join('\n')).not.toContain(CHANCE_DISCLAIMER);
	});

	it('a history read that does not answer by the deadline is "late", and its read is given up', async () => {
		let aborted: AbortSignal | undefined;
		const never = (_base: string, _quote: string, {signal}: {signal: AbortSignal}) =>
			new Promise<never>((_resolve, reject) => {
				aborted = signal;
				signal.addEventListener('abort', () => reject(signal.reason));
			});
		await expect(historyWithin(never, 'BTC', 'USDT', 5)).resolves.toBe('late');
		expect(aborted?.aborted).toBe(true);
		const answered = await historyWithin(async () => ({status: 'no history', reason: 'none'}), 'BTC', 'USDT', 60_000);
		expect(answered).toEqual({status: 'no history', reason: 'none'});
	});
});
