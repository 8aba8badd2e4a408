// The Plan screen over the simulator's 10 pledgeable coins: the form refuses bad values before any request, the
// rows fill with progress, sort by cost and by safety, "no price" last, "prices unavailable" when the tickers fail,
// Enter opens the borrow wizard filled in, and leaving cancels the reads still going.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {KEYS, renderApp, waitFor, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const planScreen = {stack: [{name: 'home' as const}, {name: 'plan' as const}], quit: false};

describe('the Plan screen', () => {
	const sim = useSimulator({rateLimits: false});
	let app: RenderedApp | undefined;
	afterEach(() => {
		vi.restoreAllMocks();
		app?.unmount();
		app = undefined;
	});
	const requests = (operation: string) => sim.simulator.requests.filter((request) => request.operation === operation);

	const open = async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: planScreen});
		await app.waitForText('Loan coin');
		return app;
	};
	/** Loan coin, amount, then the periods' key (7: 7 days only) and Enter. */
	const plan = async (coin: string, amount: string, periodKey?: string) => {
		await app!.type(coin);
		await app!.press(KEYS.enter);
		await app!.type(amount);
		if (periodKey) {
			await app!.press(KEYS.tab, periodKey);
		}
		await app!.press(KEYS.enter);
	};

	it('a coin list answered without its lists: "could not read Bitget\'s coin list", never "not loanable"; nothing estimated', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'coinInfos',
			times: Infinity,
			body: JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data: {}}),
		});
		await open();
		await plan('USDT', '10000', '7');
		const frame = await app!.waitForText("could not read Bitget's coin list");
		expect(frame).not.toContain('not in Bitget');
		expect(requests('estimate')).toEqual([]);
	});

	it('ranks every pledge coin by cost, with progress, prices and the highlighted way in full', async () => {
		sim.simulator.setPrice('BTC', '90000');
		await open();
		await plan('USDT', '10000', '7');
		const frame = await app!.waitForText(/ways 1-\d+ of 10/);
		expect(frame).toMatch(/Borrow 10,000\.0000 USDT · 7 days · 10 ways by cost/);
		expect(frame).toMatch(/Prices: \S+ [\d,.]+ USDT, \d+ s ago/);
		expect(frame).toMatch(/PLEDGE\s+PERIOD\s+COLLATERAL/);
		expect(frame).toMatch(/margin call at [\d,.]+ USDT, [\d.]+% below/);
		expect(frame).toMatch(/liquidation at [\d,.]+ USDT, [\d.]+% below/);
		expect(requests('estimate')).toHaveLength(10);
		// BTC's row: the hand-checked collateral, in BTC.
		expect(frame).toContain('0.15873016 BTC');
	});

	it('shows the progress while the estimates come in ("3 of 30 estimates")', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'estimate', stallMs: 400, times: 30});
		await open();
		await plan('USDT', '1000');
		await app!.waitForText(/Estimating… \d+ of 30 estimates/);
		await app!.waitForText(/ways 1-\d+ of 30/);
	});

	it('s sorts by safety: the farthest from liquidation first; a coin without a price last, as "no price"', async () => {
		sim.simulator.loans.hideTickers('SOL', true);
		await open();
		await plan('USDT', '1000', '7');
		await app!.waitForText(/ways 1-10 of 10/);
		await app!.press('s');
		const frame = await app!.waitForText('10 ways by safety');
		const rows = frame.split('\n').filter((line) => /^\s*›?\s+[A-Z]+\s+7 days/.test(line));
		expect(rows).toHaveLength(10);
		expect(rows.at(-1)).toMatch(/SOL .*no price/);
		const falls = rows.slice(0, -1).map((line) => Number(/\s(\d+\.\d\d)%\s/.exec(line)![1]));
		for (let i = 1; i < falls.length; i++) expect(falls[i]!).toBeLessThanOrEqual(falls[i - 1]!);
		await app!.press(KEYS.end);
		await app!.waitForText(/SOL 7 days: margin call at no price/);
	});

	it('the chance of a margin call: a column filled as the candles come, "no history" for TON, s cycles cost → safety → chance', async () => {
		await open();
		await plan('USDT', '1000', '7');
		const frame = await app!.waitForText(/TON\s.*no history/);
		expect(frame).toMatch(/LIQUIDATION AT\s+CALL CHANCE/);
		expect(frame.split('A model from past prices, not a promise.')).toHaveLength(2);
		// Each pair's candles once, however often the screen draws.
		const candles = requests('candles').filter((r) => r.status !== 429);
		expect(new Set(candles.map((r) => r.query)).size).toBe(candles.length);
		await app!.press('s');
		await app!.waitForText('10 ways by safety');
		await app!.press('s');
		const byChance = await app!.waitForText('10 ways by chance');
		const rows = byChance.split('\n').filter((line) => /^\s*›?\s+[A-Z]+\s+7 days/.test(line));
		expect(rows).toHaveLength(10);
		expect(rows.at(-1)).toMatch(/TON\s.*no history/);
		const chances = rows.slice(0, -1).map((line) => /\s(<0\.1|>99|\d+(?:\.\d)?)%\s*$/.exec(line)![1]!);
		const values = chances.map((text) => (text === '<0.1' ? 0 : text === '>99' ? 100 : Number(text)));
		for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThanOrEqual(values[i - 1]!);
		await app!.press('s');
		await app!.waitForText('10 ways by cost');
	});

	it('at 60 columns: the chance column as CHANCE (by cost, by chance), the fall to liquidation by safety; every line fits', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: planScreen, size: {columns: 60, rows: 24}});
		await app.waitForText('Loan coin');
		await plan('USDT', '10000', '7');
		const fits = (frame: string) => expect(frame.split('\n').filter((line) => line.length > 60)).toEqual([]);
		const byCost = await app.waitForText(/TON\s.*no history/);
		expect(byCost).toMatch(/APR\s+CHANCE\n/);
		fits(byCost);
		await app.press('s');
		const bySafety = await app.waitForText('ways by safety');
		expect(bySafety).toMatch(/APR\s+TO LIQ\.\n/);
		fits(bySafety);
		await app.press('s');
		const byChance = await app.waitForText('ways by chance');
		expect(byChance).toMatch(/APR\s+CHANCE\n/);
		fits(byChance);
	});

	it('tickers failing: the ways still show, with "prices unavailable"', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'tickers', times: Number.POSITIVE_INFINITY});
		await open();
		await plan('USDT', '1000', '3');
		const frame = await app!.waitForText(/ways 1-\d+ of 10/, 20_000);
		expect(frame).toContain('Prices unavailable');
		expect(frame).toContain('(prices unavailable)');
		expect(frame).not.toMatch(/liquidation at [\d,]/);
	});

	it('bad values are refused before any request: an unknown coin, an amount outside the limits', async () => {
		await open();
		await app!.waitForText('Loan coin');
		await waitFor(() => expect(requests('coinInfos').length).toBeGreaterThan(0));
		await plan('ZZZ', '1000');
		await app!.waitForText(/ZZZ is not in Bitget's list of loanable coins/);
		// Refused, the focus is on the field to change.
		await app!.press(KEYS.ctrlU);
		await app!.type('USDT');
		await app!.press(KEYS.tab, KEYS.ctrlU);
		await app!.type('1');
		await app!.press(KEYS.enter);
		await app!.waitForText(/not planned: .*below Bitget's minimum borrow of 10 USDT/);
		await app!.press(KEYS.ctrlU);
		await app!.type('1e3');
		await app!.press(KEYS.enter);
		await app!.waitForText(/loan amount must be a plain decimal/);
		expect(requests('estimate')).toHaveLength(0);
		expect(requests('tickers')).toHaveLength(0);
	});

	it('Enter on a way opens the borrow wizard with its loan coin, pledge coin, period and amount', async () => {
		await open();
		await plan('USDT', '1000', '3');
		await app!.waitForText(/ways 1-\d+ of 10/);
		await app!.press('s', KEYS.down);
		const frame = app!.frame();
		const chosen = /› ([A-Z]+)\s+30 days/.exec(frame)![1]!;
		await app!.press(KEYS.enter);
		// On the amount step, in its loan-amount mode, the amount to borrow carried over.
		const wizard = await app!.waitForText('Borrow · 5 of 6');
		expect(wizard).toContain(`borrow USDT · pledge ${chosen} · 30 days · by loan amount`);
		expect(wizard).toMatch(/Loan \(USDT\)\s+1000/);
		await app!.press(KEYS.enter);
		const review = await app!.waitForText(/\[y\/N\]|credentials/i, 20_000);
		expect(review).toContain(chosen);
		expect(review).toMatch(/30 days|THIRTY/);
	});

	it('Enter while the estimates come in opens nothing and says so; once the rows show, Enter borrows the highlighted one', async () => {
		let release!: () => void;
		sim.simulator.injectFault({kind: 'stall', operation: 'estimate', times: 100, release: new Promise<void>((resolve) => (release = resolve))});
		await open();
		await plan('USDT', '1000', '3');
		await app!.waitForText(/Estimating… 0 of 10 estimates/);
		await app!.press(KEYS.enter);
		await app!.waitForText('No way is shown yet');
		release();
		const rows = await app!.waitForText(/ways 1-\d+ of 10/);
		// The Enter typed before any row showed did not wait for them: no wizard, and the first row is only shown.
		expect(rows).not.toContain('Borrow ·');
		expect(rows).not.toContain('No way is shown yet');
		await app!.press(KEYS.down);
		const chosen = /› ([A-Z]+)\s+30 days/.exec(app!.frame())![1]!;
		await app!.press(KEYS.enter);
		const wizard = await app!.waitForText('Borrow · 5 of 6');
		expect(wizard).toContain(`borrow USDT · pledge ${chosen} · 30 days · by loan amount`);
	});

	it('back from the borrow wizard it opened, the plan shows its rows as they were, the same row highlighted, nothing read again', async () => {
		await open();
		await plan('USDT', '1000', '3');
		await app!.waitForText(/ways 1-\d+ of 10/);
		await app!.press('s', KEYS.down, KEYS.down);
		const before = app!.frame();
		const chosen = /› ([A-Z]+)\s+30 days/.exec(before)![1]!;
		const estimated = requests('estimate').length;
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 5 of 6');
		// One screen was pushed: one Esc comes back.
		await app!.press(KEYS.escape);
		const back = await app!.waitForText(/ways 1-\d+ of 10/);
		expect(back).toMatch(new RegExp(`› ${chosen}\\s+30 days`));
		expect(back).toContain('10 ways by safety');
		expect(back.split('\n').filter((line) => /^[› ] [A-Z]+\s+30 days/.test(line))).toEqual(
			before.split('\n').filter((line) => /^[› ] [A-Z]+\s+30 days/.test(line)),
		);
		expect(requests('estimate')).toHaveLength(estimated);
		await app!.press(KEYS.enter);
		const again = await app!.waitForText('Borrow · 5 of 6');
		expect(again).toContain(`pledge ${chosen} · 30 days · by loan amount`);
	});

	it('leaving the screen cancels the estimates still going', async () => {
		sim.simulator.injectFault({kind: 'stall', operation: 'estimate', times: 30});
		await open();
		// Every estimate's signal, as the plan hands it to the client.
		const signals: AbortSignal[] = [];
		const estimate = app!.services.client.estimate.bind(app!.services.client);
		vi.spyOn(app!.services.client, 'estimate').mockImplementation((request, options) => {
			if (options?.signal) signals.push(options.signal);
			return estimate(request, options);
		});
		await plan('USDT', '1000');
		await app!.waitForText(/Estimating… 0 of 30 estimates/);
		await waitFor(() => expect(requests('estimate').length).toBeGreaterThan(0));
		await app!.press(KEYS.escape);
		await app!.waitForText('❯ Symbols');
		// The estimates under way were aborted (and the plan sends no more: its waiting jobs hear the same signal).
		expect(signals.length).toBeGreaterThan(0);
		await waitFor(() => expect(signals.every((signal) => signal.aborted)).toBe(true));
	});
});
