import {afterEach, describe, expect, it, vi} from 'vitest';
import {estimateFor} from '../../source/simulator/index.js';
import {ESTIMATE_DEBOUNCE_MS} from '../../source/ui/use-live-estimate.js';
import {estimateFigures} from '../../source/format/estimate.js';
import {coinAmount} from '../../source/format/money.js';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const estimateScreen = {stack: [{name: 'home' as const}, {name: 'estimate' as const}], quit: false};

describe('estimate calculator', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => {
		vi.useRealTimers();
		app?.unmount();
	});
	const estimates = () => sim.simulator.requests.filter((request) => request.operation === 'estimate');

	/** `debounce: 'faked'`: setTimeout is faked from the amount on (the estimate's debounce timer among them; HTTP,
	 * setImmediate and the test helpers' waits stay real), so a request round goes out only when the test lets the
	 * debounce pass (`settle`). */
	const fill = async (loan: string, pledge: string, amount: string, {debounce = 'real'}: {debounce?: 'real' | 'faked'} = {}) => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: estimateScreen});
		await app.waitForText('Loan coin');
		await app.type(loan);
		await app.press(KEYS.enter);
		await app.type(pledge);
		await app.press(KEYS.enter);
		await app.press(KEYS.enter);
		if (debounce === 'faked') vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		await app.type(amount);
	};
	/** With the debounce faked: commits what is pending (the last value's effect replaces the one before and its timer),
	 * then lets the debounce pass; a round that is due is started by it, at once (client.estimate is called in it). */
	const settle = () => {
		app!.flush();
		vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
	};

	it('shows all three periods side by side as soon as every field is valid', async () => {
		await fill('USDT', 'BTC', '1');
		const frame = await app!.waitForText(/Annualised rate\s+\d/);
		const expected = (['SEVEN', 'THIRTY', 'FLEXIBLE'] as const).map((period) => estimateFigures(estimateFor('USDT', 'BTC', period, '1'), period));
		// Each row: the loan coin's precision, thousands grouped, right-aligned (format/money.ts).
		const shown = (pick: (f: (typeof expected)[number]) => string) => expected.map((f) => coinAmount(pick(f), 'USDT').replace(/\./g, '\\.')).join('\\s+');
		expect(frame).toMatch(/7 days\s+30 days\s+flexible term/);
		expect(frame).toMatch(new RegExp(`Borrowable \\(USDT\\)\\s+${shown((f) => f.borrowable)}`));
		expect(frame).toMatch(new RegExp(`Hourly interest\\s+${shown((f) => f.hourlyInterest)}`));
		expect(frame).toMatch(new RegExp(`Daily interest\\s+${shown((f) => f.dailyInterest)}`));
		expect(frame).toMatch(/Borrowable \(USDT\)\s+\d{1,3},\d{3}\.\d{4}\s/);
		expect(frame).toMatch(/Annualised rate\s+\d+\.\d\d% ← lowest\s+\d+\.\d\d%\s+\d+\.\d\d%/);
		expect(frame).toContain('← lowest');
		expect(estimates()).toHaveLength(3);
		expect(new Set(estimates().map((request) => new URLSearchParams(request.query).get('daily')))).toEqual(new Set(['SEVEN', 'THIRTY', 'FLEXIBLE']));
	});

	it('follows edits: a new amount replaces the figures, one round of requests per settled value', async () => {
		await fill('USDT', 'BTC', '1', {debounce: 'faked'});
		settle();
		await app!.waitForText(coinAmount(estimateFor('USDT', 'BTC', 'SEVEN', '1').loanAmount, 'USDT'));
		// Typed with no time passing on the debounce's clock (each key waited for its frame): 2, 2. and 2.5 each put
		// the round off, and only the settled value is asked for.
		await app!.press(KEYS.backspace);
		await app!.type('2.5');
		settle();
		const expected = estimateFor('USDT', 'BTC', 'SEVEN', '2.5');
		const frame = await app!.waitForText(new RegExp(`Borrowable \\(USDT\\)\\s+${coinAmount(expected.loanAmount, 'USDT').replace('.', '\\.')}\\s`));
		expect(frame).toContain('pledge 2.5 BTC');
		// Both rounds' answers are on screen, so every request of them is in the log: three for 1, three for 2.5.
		expect(estimates().map((request) => new URLSearchParams(request.query).get('pledgeAmount'))).toEqual(['1', '1', '1', '2.5', '2.5', '2.5']);
	});

	it('explains an invalid field and sends nothing', async () => {
		await fill('USDT', 'BTC', '1e3', {debounce: 'faked'});
		const frame = await app!.waitForText('✗ pledge amount must be a plain decimal');
		// The line where the estimate would be says what is wrong, not only that something is.
		expect(frame).toMatch(/For the estimate of all three periods: pledge amount must be a plain decimal/);
		// Sends nothing: with the debounce let pass, no request was started (a round starts inside the timer, so the
		// client would have been called by the time settle() returns), and none is in the log.
		const estimate = vi.spyOn(app!.services.client, 'estimate');
		settle();
		expect(estimate).not.toHaveBeenCalled();
		expect(estimates()).toEqual([]);
		await app!.press(KEYS.tab, KEYS.tab, KEYS.tab);
		await app!.press(KEYS.shiftTab);
		expect(app!.frame()).toMatch(/› Pledge coin/);
	});

	it('an amount on its way (1. before 1.5) is no error until the field is left; an empty field is named', async () => {
		await fill('USDT', 'BTC', '1.', {debounce: 'faked'});
		expect(app!.frame()).not.toContain('✗');
		await app!.press(KEYS.tab);
		await app!.waitForText('✗ pledge amount');
		await app!.press(KEYS.shiftTab);
		await app!.press(KEYS.backspace, KEYS.backspace);
		expect(app!.frame()).toContain('For the estimate of all three periods: type the pledge amount.');
		await app!.type('0');
		expect(app!.frame()).not.toContain('✗');
	});

	it('while new figures are asked for, the header names the values of the figures shown', async () => {
		await fill('USDT', 'BTC', '1', {debounce: 'faked'});
		settle();
		await app!.waitForText(/Estimate: pledge 1 BTC, borrow USDT\s*\n/);
		await app!.type('2');
		app!.flush();
		// 12 is due (the debounce not let pass): the figures are 1's, and the header says so.
		expect(app!.frame()).toContain('Estimate: pledge 1 BTC, borrow USDT (updating for pledge 12 BTC, borrow USDT…)');
		settle();
		await app!.waitForText(/Estimate: pledge 12 BTC, borrow USDT\s*\n/);
	});

	it('refuses the same coin on both sides without asking the server', async () => {
		await fill('BTC', 'BTC', '1', {debounce: 'faked'});
		await app!.waitForText('pledge coin must differ from the loan coin');
		const estimate = vi.spyOn(app!.services.client, 'estimate');
		settle();
		expect(estimate).not.toHaveBeenCalled();
		expect(estimates()).toEqual([]);
	});

	it('completes coins from the symbol list', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: estimateScreen});
		await app.waitForText('Loan coin');
		await app.type('us');
		// A vertical list beside the form, nothing marked until ↓/↑ moves to one.
		const listed = await app.waitForText(/^.* {2}USD[CT]\s*$/m);
		expect(listed).not.toMatch(/❯ USD/);
		await app.press(KEYS.down, KEYS.down);
		const second = /❯ (USD[CT])/.exec(await app.waitForText(/❯ USD[CT]/))![1]!;
		await app.press(KEYS.enter);
		await app.waitForText(new RegExp(`Loan coin\\s+${second}`));
	});

	it('carries the values into the borrow wizard with Ctrl+B', async () => {
		await fill('USDT', 'ETH', '0.2');
		await app!.waitForText(/Annualised rate\s+\d/);
		await app!.press('\u0002');
		const frame = await app!.waitForText('Borrow · 5 of 6');
		expect(frame).toContain('borrow USDT · pledge ETH · 7 days · by pledge amount');
		expect(frame).toMatch(/Pledge \(ETH\)\s+0\.2/);
	});
});
