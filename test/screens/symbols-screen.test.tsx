import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const explorer = {stack: [{name: 'home' as const}, {name: 'symbols' as const}], quit: false};

describe('symbol explorer', () => {
	const sim = useSimulator({extraSymbols: 3000});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	const open = async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: explorer});
		return app.waitForText(/[1-9]\d* of \d+ pairs/);
	};

	it('shows a window of rows, never every pair, with a count', async () => {
		const frame = await open();
		const total = Number(/of (\d+) pairs/.exec(frame)![1]);
		expect(total).toBeGreaterThan(3000);
		expect(frame).toContain(`${total} of ${total} pairs`);
		const rows = frame.split('\n').filter((line) => /^[› ] [A-Z0-9]+ +/.test(line));
		expect(rows.length).toBeGreaterThan(5);
		expect(rows.length).toBeLessThanOrEqual(30);
		expect(frame).toMatch(/SYMBOL\s+BASE\s+QUOTE\s+STATUS\s+MAKER\s+TAKER\s+MIN USDT/);
		expect(frame).toMatch(/› BTCUSDT\s+BTC\s+USDT\s+online\s+0\.1%\s+0\.1%\s+1/);
	});

	it('filters as you type, best match first, and Ctrl+U clears', async () => {
		await open();
		await app!.type('ethu');
		let frame = await app!.waitForText('> ethu');
		expect(frame).toMatch(/› ETHUSD[CT]/);
		expect(frame).toMatch(/\b[1-9]\d* of \d+ pairs/);
		await app!.press(KEYS.ctrlU);
		frame = await app!.waitForText(/(\d+) of \1 pairs/);
		expect(frame).toContain('› BTCUSDT');
	});

	it('highlights the matched characters', async () => {
		await open();
		await app!.type('btcusdt');
		await app!.waitForText('1 of');
		// Underline (SGR 4) marks matches independently of colour.
		expect(app!.rawFrame()).toMatch(/\u001B\[4m/);
	});

	it('moves with arrows, pages and Home/End, keeping the selection on screen', async () => {
		await open();
		await app!.press(KEYS.down, KEYS.down);
		await app!.waitForText('› SOLUSDT');
		await app!.press(KEYS.end);
		const end = await app!.waitForText(/› X\d+/);
		expect(end).not.toContain('BTCUSDT');
		await app!.press(KEYS.home);
		await app!.waitForText('› BTCUSDT');
		await app!.press(KEYS.pageDown);
		await app!.waitForNoText('› BTCUSDT');
	});

	it('opens a readable detail view and returns with filter and selection kept', async () => {
		await open();
		await app!.type('eth');
		await app!.waitForText('> eth');
		await app!.press(KEYS.down);
		const selectedLine = (await app!.waitForText(/› ETH\w+/)).match(/› (ETH\w+)/)![1]!;
		await app!.press(KEYS.enter);
		const detail = await app!.waitForText('Maker fee');
		for (const label of [
			'Symbol',
			'Base coin',
			'Quote coin',
			'Status',
			'Taker fee',
			'Min trade (USDT)',
			'Price precision',
			'Quantity precision',
			'Quote precision',
			'Buy price limit',
			'Sell price limit',
			'Max open orders',
			'Regional pair',
			'Listed',
			'Delisting',
		]) {
			expect(detail).toContain(label);
		}
		expect(detail).toContain(`Symbol              ${selectedLine}`);
		expect(detail).toMatch(/Maker fee\s+0\.1%/);
		expect(detail).toMatch(/Listed\s+\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d/);
		expect(detail).toMatch(/Delisting\s+none/);
		expect(detail).toMatch(/Min trade amount .*\(deprecated\)/);
		await app!.press(KEYS.escape);
		const back = await app!.waitForText('> eth');
		expect(back).toContain(`› ${selectedLine}`);
	});

	it('shows a failure with the server message and recovers with Ctrl+R', async () => {
		sim.simulator.setAvailable(false);
		await (async () => {
			app = await renderApp({baseUrl: sim.simulator.url, initial: explorer});
		})();
		const failed = await app!.waitForText('Ctrl+R to retry');
		expect(failed).toMatch(/HTTP 503/);
		expect(failed).toMatch(/✗ Spot pairs: /);
		expect(failed).not.toMatch(/\n\s+at /);
		sim.simulator.setAvailable(true);
		await app!.press(KEYS.ctrlR);
		const recovered = await app!.waitForText(/(\d+) of \1 pairs/);
		expect(recovered).not.toContain('✗ Spot pairs');
	});

	it('says so when nothing matches', async () => {
		await open();
		await app!.type('qqqqzz');
		await app!.waitForText('No pair matches “qqqqzz”');
	});

	it('lets Tab move focus to the list, where ? opens help and j/k move', async () => {
		await open();
		await app!.press(KEYS.tab);
		await app!.waitForText('filter (/ to type)');
		await app!.press('j');
		await app!.waitForText('› ETHUSDT');
		await app!.press('?');
		await app!.waitForText('Keys — Symbols');
		await app!.press(KEYS.escape);
		await app!.press('/');
		await app!.type('sol');
		await app!.waitForText('> sol');
	});
});
