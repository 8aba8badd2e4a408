// The screen registry is the one table: the home menu, its "1-N" hint, titles and help lines come from it.
import {afterEach, describe, expect, it} from 'vitest';
import {HOME_ITEMS, SCREENS, screenEntry, toScreen} from '../../source/app/registry.js';
import {renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

describe('screen registry', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('has one entry per id; the home menu lists every entry with a menu line, in order, then Quit', () => {
		const ids = SCREENS.map((entry) => entry.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(HOME_ITEMS.map((item) => item.value)).toEqual([...SCREENS.filter((entry) => entry.menu).map((entry) => entry.id), 'quit']);
		expect(HOME_ITEMS.find((item) => item.value === 'borrow')?.label).toBe('Borrow       borrow a coin against collateral');
		expect(screenEntry({name: 'borrow'}).title).toBe('Borrow');
		expect(toScreen({name: 'loans'})).toEqual({name: 'loans'});
		expect(() => toScreen({name: 'nowhere'})).toThrow('no screen "nowhere" in the registry');
	});

	it('the home screen shows the table: its items, the 1-N hint and the help line, and a digit opens that item', async () => {
		app = await renderApp({baseUrl: sim.simulator.url});
		const frame = await app.waitForText('Quit');
		for (const item of HOME_ITEMS) expect(frame).toContain(item.label);
		await app.press('?');
		const help = await app.waitForText('Keys — Home');
		expect(help).toContain(`1-${HOME_ITEMS.length}`);
		expect(help).toContain(screenEntry({name: 'home'}).help);
		await app.press('q', String(HOME_ITEMS.findIndex((item) => item.value === 'estimate') + 1));
		await app.waitForText('Loan coin');
		// Out of the text fields (where ? is typed) to the period.
		await app.press('\t', '\t', '?');
		expect(await app.waitForText('Keys — Estimate')).toContain(screenEntry({name: 'estimate'}).help);
	});
});
