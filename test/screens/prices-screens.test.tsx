// Prices where money is decided, in the app against the simulator over loopback: the borrow review (the LTV the loan
// starts at, the margin-call and liquidation prices with their distance, today's price with its age, the interest
// over the term, the expiry), the Loans list and a loan's detail, the collateral review before → after; tickers that
// fail leave every screen working and say "prices unavailable"; a pledge coin with no price says "no price".
import {afterEach, describe, expect, it} from 'vitest';
import {emptyJournal, KEYS, renderApp, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {OPERATIONS} from '../../source/api/types.js';

const at = (...names: Array<'borrow' | 'loans'>) => ({stack: [{name: 'home' as const}, ...names.map((name) => ({name}))], quit: false});

describe('prices in the app', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const open = async (initial: ReturnType<typeof at> | {stack: Array<{name: 'home'} | {name: 'loan'; orderId: string}>; quit: false}) => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial, journal: emptyJournal()});
		return app;
	};

	/** The coin list as the simulator serves it, with BTC's margin-call and liquidation LTVs at 75 % and 83 %. */
	const handCheckedLtvs = async () => {
		const body = (await (await fetch(`${sim.simulator.url}${OPERATIONS.coinInfos.path}`)).json()) as {
			data: {pledgeInfos: Array<{coin: string; supRate: string; forceRate: string}>};
		};
		for (const info of body.data.pledgeInfos) if (info.coin === 'BTC') Object.assign(info, {supRate: '0.75', forceRate: '0.83'});
		sim.simulator.injectFault({kind: 'raw', operation: 'coinInfos', body: JSON.stringify(body), times: Number.POSITIVE_INFINITY});
	};

	it('borrow review, hand-checked: BTC at 90,000, initial LTV 70 %, call 75 %, liquidation 83 %: 84,000.00 and 75,903.61', async () => {
		sim.simulator.setPrice('BTC', '90000');
		await handCheckedLtvs();
		await open(at('borrow'));
		await walkToReview(app!, '0.5');
		const review = await app!.waitForText(/Liquidation at/);
		expect(review).toMatch(/Starts at LTV\s+70\.00% \(call 75\.00%, liq 83\.00%\)/);
		// 90,000 × 70 / 75 and 90,000 × 70 / 83, at USDT's precision.
		expect(review).toMatch(/Margin call at\s+84,000\.0000 USDT, 6\.67% below/);
		expect(review).toMatch(/Liquidation at\s+75,903\.6145 USDT, 15\.66% below/);
	});

	it('borrow review: BTC at 90,000, 0.5 BTC for 7 days starts at 70 %; margin call 78,750 (80 %), liquidation 70,000 (90 %)', async () => {
		sim.simulator.setPrice('BTC', '90000');
		await open(at('borrow'));
		await walkToReview(app!, '0.5');
		const review = await app!.waitForText(/Liquidation at/);
		expect(review).toMatch(/Price\s+BTC 90,000\.0000 USDT, \d+ s ago/);
		expect(review).toMatch(/Starts at LTV\s+70\.00% \(call 80\.00%, liq 90\.00%\)/);
		// 90,000 × 70 / 80 and 90,000 × 70 / 90.
		expect(review).toMatch(/Margin call at\s+78,750\.0000 USDT, 12\.50% below/);
		expect(review).toMatch(/Liquidation at\s+70,000\.0000 USDT, 22\.22% below/);
		expect(review).toMatch(/Interest\s+about [\d,.]+ USDT over 7 days/);
		expect(review).toMatch(/Expires\s+\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d \(7 days from now\)/);
		expect(review).toContain('Borrow? [y/N]');
	});

	it('borrow review by loan amount: the collateral it takes and the prices it starts at', async () => {
		sim.simulator.setPrice('BTC', '90000');
		await open(at('borrow'));
		await app!.type('USDT');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 2 of 6');
		await app!.type('BTC');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 3 of 6');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 4 of 6');
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText('Loan (USDT)');
		await app!.type('10000');
		await app!.press(KEYS.enter);
		const review = await app!.waitForText(/Liquidation at/);
		// 10,000 ÷ (90,000 × 70 %) = 0.15873016 BTC: the loan starts at the initial LTV.
		expect(review).toMatch(/Collateral\s+about 0\.15873016 BTC \(estimate\)/);
		expect(review).toMatch(/Starts at LTV\s+70\.00% \(call 80\.00%, liq 90\.00%\)/);
		// Bitget sizes the loan at the initial LTV (the Coins screen's 70 %): the marks at 90,000 × 70 / 80 and × 70 / 90.
		expect(review).toMatch(/Margin call at\s+78,750\.0000 USDT, 12\.50% below/);
		expect(review).toMatch(/Liquidation at\s+70,000\.0000 USDT, 22\.22% below/);
	});

	it('borrow review: tickers failing say "prices unavailable", the review still asks; a pledge coin with no price says so', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'tickers', times: Number.POSITIVE_INFINITY});
		await open(at('borrow'));
		await walkToReview(app!, '0.5');
		const review = await app!.waitForText(/Borrowable\s+[\d,.]+ USDT \(estimate\)[\s\S]*Price\s+prices unavailable \([\s\S]*Interest/);
		expect(review).toMatch(/Interest\s+about [\d,.]+ USDT over 7 days/);
		expect(review).not.toContain('Margin call at');
		expect(review).toContain('Borrow? [y/N]');
		app!.unmount();
		sim.simulator.reset();
		sim.simulator.loans.hideTickers('BTC', true);
		await open(at('borrow'));
		await walkToReview(app!, '0.5');
		const none = await app!.waitForText(/Price\s+BTC: no price in USDT/);
		expect(none).not.toContain('Liquidation at');
		expect(none).toContain('Borrow? [y/N]');
	});

	it("Loans list: today's price, the margin-call and liquidation prices as columns; the loan: the same in full, with what may leave and what brings it back", async () => {
		await open(at('loans'));
		const list = await app!.waitForText(/LIQ AT/);
		expect(list).toMatch(/PRICE\s+CALL AT\s+LIQ AT/);
		// The calm BTC loan: owed ÷ (collateral × 80 %) and owed ÷ (collateral × 90 %): 9,382.778 ÷ 0.4 and ÷ 0.45.
		expect(list).toMatch(/0\.50000000 BTC\s+26,800\.0000\s+23,456\.9450\s+20,850\.6177\s/);
		const calm = sim.simulator.loans.all.find((loan) => loan.status === 'ongoing' && loan.pledgeCoin === 'BTC')!.orderId;
		app!.unmount();
		await open({stack: [{name: 'home'}, {name: 'loan', orderId: calm}], quit: false});
		const detail = await app!.waitForText(/To initial LTV/);
		expect(detail).toMatch(/Price\s+BTC 26,800\.0000 USDT, \d+ s ago/);
		expect(detail).toMatch(/Margin-call price\s+23,456\.9450 USDT, 12\.47% below/);
		expect(detail).toMatch(/Liquidation price\s+20,850\.6177 USDT, 22\.20% below/);
		// Up to 75 % (80 % less 5 points): 0.5 − 0.5 × 70.02 / 75 = 0.0332 BTC; back to 70 %: 0.5 × 70.02 / 70 − 0.5.
		expect(detail).toMatch(/Max withdrawable\s+0\.03320000 BTC now \(the LTV would be 75\.00%/);
		expect(detail).toMatch(/To initial LTV\s+add 0\.00014286 BTC to get back to 70\.00%/);
		// The collateral review: the prices before → after (doubling the collateral halves the mark prices).
		await app!.burst(`a0.5${KEYS.enter}`);
		const review = await app!.waitForText('Add collateral? [y/N]');
		expect(review).toMatch(/Price\s+BTC 26,800\.0000 USDT, \d+ s ago/);
		expect(review).toMatch(/Margin call at\s+23,456\.9450 USDT, 12\.47% below → 11,728\.4725 USDT, 56\.24% below/);
		expect(review).toMatch(/Liquidation at\s+20,850\.6177 USDT, 22\.20% below → 10,425\.3089 USDT, 61\.10% below/);
	});

	it('Loans list and loan: tickers failing say "prices unavailable" and both still work; a coin with no price says "no price"', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'tickers', times: Number.POSITIVE_INFINITY});
		await open(at('loans'));
		const list = await app!.waitForText(/Prices unavailable: /);
		expect(list).toMatch(/unavailable\s+unavailable\s+unavailable/);
		expect(list).toContain('Total owed');
		await app!.press(KEYS.enter);
		const detail = await app!.waitForText(/Price\s+prices unavailable/);
		expect(detail).toContain('Max withdrawable');
		expect(detail).not.toContain('Margin-call price');
		app!.unmount();
		sim.simulator.reset();
		sim.simulator.loans.hideTickers('ETH', true);
		await open(at('loans'));
		const some = await app!.waitForText(/no price/);
		expect(some).toMatch(/20\.00000000 ETH\s+no price\s+no price\s+no price/);
		expect(some).toMatch(/0\.50000000 BTC\s+26,800\.0000/);
	});

	it('the loan detail: m sets the safety margin of "max withdrawable", t the target LTV of "add"; bad values are refused in words, and the settings hold for the next loan', async () => {
		const calm = sim.simulator.loans.all.find((loan) => loan.status === 'ongoing' && loan.pledgeCoin === 'BTC')!.orderId;
		await open({stack: [{name: 'home'}, {name: 'loan', orderId: calm}], quit: false});
		await app!.waitForText(/To initial LTV/);
		await app!.press('m');
		await app!.waitForText('Margin (points)');
		await app!.type('60');
		await app!.press(KEYS.enter);
		await app!.waitForText(/The safety margin is LTV points from 0 to 50, like 5/);
		await app!.press(KEYS.backspace, KEYS.backspace);
		await app!.type('2');
		await app!.press(KEYS.enter);
		// Up to 78 % (80 % less 2 points): 0.5 − 0.5 × 70.02 / 78 = 0.05115384 BTC (rounded down).
		await app!.waitForText(/Max withdrawable\s+0\.05115384 BTC now \(the LTV would be 78\.00%, 2 points under the margin call\)/);
		await app!.press('t');
		await app!.waitForText('Target LTV (%)');
		await app!.type('100');
		await app!.press(KEYS.enter);
		await app!.waitForText(/The target LTV is a percentage above 0 and below 100, like 60/);
		await app!.press(KEYS.backspace, KEYS.backspace, KEYS.backspace);
		await app!.type('60%');
		await app!.press(KEYS.enter);
		// Back to 60 %: 0.5 × 70.02 / 60 − 0.5 = 0.0835 BTC.
		const set = await app!.waitForText(/To target LTV\s+add 0\.08350000 BTC to get back to 60\.00%/);
		expect(set).not.toContain('To initial LTV');
		// Esc in the field leaves the setting as it was; an empty one goes back to the default.
		await app!.press('m');
		await app!.waitForText('Margin (points)');
		await app!.press(KEYS.escape);
		await app!.waitForText(/2 points under the margin call/);
		await app!.press('t');
		await app!.waitForText('Target LTV (%)');
		await app!.press(KEYS.backspace, KEYS.backspace);
		await app!.press(KEYS.enter);
		const back = await app!.waitForText(/To initial LTV\s+add 0\.00014286 BTC to get back to 70\.00%/);
		expect(back).toMatch(/2 points under the margin call/);
		// The next loan opens with the margin set here.
		await app!.press(KEYS.escape);
		await app!.waitForText('❯ Symbols');
		await app!.press('4');
		await app!.waitForText('Total owed');
		await app!.press(KEYS.enter);
		await app!.waitForText(/Max withdrawable\s+.*2 points under the margin call/);
	});
});
