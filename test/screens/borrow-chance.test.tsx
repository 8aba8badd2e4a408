// The borrow review's chance of a margin call and its chart (source/screens/borrow/review.tsx, review-chart.tsx): the
// sentence is the one the pair's history on the same simulator gives (read through the app's own reader), a coin
// listed lately says it has no history, g shows the chart with its labelled lines, and neither holds up nor changes
// the one POST.
import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {CHANCE_DISCLAIMER, chanceSentence, noHistorySentence} from '../../source/format/chance-words.js';
import {chanceFrom} from '../../source/operations/loan-chance.js';
import {readPrices} from '../../source/operations/prices.js';
import {ltvPrices, quotePrice, startingLtv} from '../../source/loans/prices.js';
import {periodHorizon} from '../../source/loans/chance.js';

const borrowScreen = {stack: [{name: 'home' as const}, {name: 'borrow' as const}], quit: false};

/** The words of a text, whitespace made single: a wrapped sentence reads the same as the sentence. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The frame's body as one run of words (the review's rows are indented by two spaces). */
const bodyWords = (frame: string) => words(frame.replace(/│/g, ' '));

describe('the borrow review says the chance of a margin call', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	const open = async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: borrowScreen, demo: true, credentials: TEST_CREDENTIALS});
		await app.waitForText('Borrow · 1 of 6');
		return app;
	};

	/** What the review's figures give: today's price and the marks at the coin's initial LTV (loans/prices.ts). */
	const expectedSentence = async (rendered: RenderedApp, pledgeCoin: string, loanCoin: string) => {
		const client = sim.client();
		const [infos, prices] = await Promise.all([client.coinInfos(), readPrices(client)]);
		const info = infos.pledgeInfos.find((coin) => coin.coin === pledgeCoin)!;
		const quote = quotePrice(prices, pledgeCoin, loanCoin, client.clock.now());
		if (quote.status !== 'ok') throw new Error('no price');
		const marks = ltvPrices(quote.price, startingLtv(info.initRate, '1', '1', quote.price), info.supRate, info.forceRate);
		// The app's own reader: its answer is the one the review used (kept an hour, shared in flight).
		const history = await rendered.services.priceHistory.read(pledgeCoin, loanCoin);
		const chance = chanceFrom(history, {price: quote.price, ...marks, horizon: periodHorizon('THIRTY')});
		if (chance.status !== 'ok') throw new Error(`expected a chance, got ${chance.status}`);
		return chanceSentence({base: pledgeCoin, quote: loanCoin}, chance);
	};

	it('the sentence of the pair on the same simulator, with the disclaimer once, and y still sends exactly the values', async () => {
		const rendered = await open();
		await walkToReview(rendered, '0.5', {thirty: true});
		const frame = await rendered.waitForText(CHANCE_DISCLAIMER.split(' ').slice(-2).join(' '));
		const sentence = await expectedSentence(rendered, 'BTC', 'USDT');
		expect(sentence).toMatch(/chance of a margin call within 30 days/);
		const body = bodyWords(frame);
		expect(body).toContain(words(sentence));
		expect(body.split(CHANCE_DISCLAIMER).length - 1).toBe(1);
		await rendered.press('y');
		await rendered.waitForText('Loan order created');
		expect(sim.posts()).toHaveLength(1);
		expect(JSON.parse(sim.posts()[0]!.body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.5'});
	});

	it('g shows the last 7 days with the margin-call and liquidation lines, t 30 days, Esc the review again', async () => {
		const rendered = await open();
		await walkToReview(rendered, '0.5', {thirty: true});
		await rendered.waitForText('Liquidation at');
		await rendered.waitForText(CHANCE_DISCLAIMER.split(' ').slice(-2).join(' '));
		await rendered.press('g');
		const chart = await rendered.waitForText('BTC in USDT, last 7 days');
		expect(chart).toContain('margin call');
		expect(chart).toContain('liquidation');
		expect(chart).toContain('●');
		expect(chart).toContain('Borrow? [y/N]');
		await rendered.press('t');
		await rendered.waitForText('BTC in USDT, last 30 days');
		await rendered.press(KEYS.escape);
		const back = await rendered.waitForText('Liquidation at');
		expect(back).toContain('Borrow? [y/N]');
		expect(back).not.toContain('BTC in USDT, last 30 days');
		// g twice: shown, then hidden.
		await rendered.press('g');
		await rendered.waitForText('BTC in USDT, last 7 days');
		await rendered.press('g');
		await rendered.waitForNoText('BTC in USDT, last 7 days');
		expect(sim.posts()).toEqual([]);
	});

	it('a coin listed lately (TON: 5 days) says it has no history, and its chart says "no history"', async () => {
		const rendered = await open();
		await rendered.type('USDT');
		await rendered.press(KEYS.enter);
		await rendered.waitForText('Borrow · 2 of 6');
		await rendered.type('TON');
		await rendered.press(KEYS.enter);
		await rendered.waitForText('Borrow · 3 of 6');
		await rendered.press(KEYS.down, KEYS.enter);
		await rendered.waitForText('Borrow · 4 of 6');
		await rendered.press(KEYS.enter);
		await rendered.waitForText('Borrow · 5 of 6');
		await rendered.type('100');
		await rendered.press(KEYS.enter);
		await rendered.waitForText('Liquidation at');
		const history = await rendered.services.priceHistory.read('TON', 'USDT');
		expect(history.status).toBe('no history');
		const reason = history.status === 'no history' ? history.reason : '';
		const frame = await rendered.waitForText('no chance shown');
		expect(bodyWords(frame)).toContain(words(noHistorySentence({base: 'TON', quote: 'USDT'}, reason)));
		expect(frame).not.toContain(CHANCE_DISCLAIMER);
		await rendered.press('g');
		const chart = await rendered.waitForText('Chart of TON in USDT');
		expect(words(chart)).toContain('no history (TONUSDT has');
	});
});
