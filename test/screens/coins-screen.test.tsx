// The Coins screen: the loanable and pledgeable coins (coinInfos) as `loan-tui coins` prints them, scrolling, and
// Ctrl+R reading them again.
import {afterEach, describe, expect, it} from 'vitest';
import {fitTable} from '../../source/format/table.js';
import {loanableTable, pledgeableTable} from '../../source/format/coin-tables.js';
import {coinLines} from '../../source/screens/coins/coin-lines.js';
import {emptyJournal, KEYS, renderApp, waitFor, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const at = (...names: string[]) => ({stack: [{name: 'home' as const}, ...names.map((name) => ({name: name as 'coins'}))], quit: false});

describe('Coins screen', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('lays out the same tables as loan-tui coins, and says which columns a narrow terminal leaves out', async () => {
		const infos = await sim.client().coinInfos();
		const wide = coinLines(infos, 1000).map((line) => line.text);
		const loanable = loanableTable(infos);
		const pledgeable = pledgeableTable(infos);
		expect(wide).toEqual([
			`Loanable (${infos.loanInfos.length}) · hourly rate / APR per period`,
			...fitTable(loanable.columns, loanable.rows, undefined).lines,
			'',
			`Pledgeable (${infos.pledgeInfos.length}) · LTVs`,
			...fitTable(pledgeable.columns, pledgeable.rows, undefined).lines,
		]);
		const narrow = coinLines(infos, 60);
		// The title says what is left out, wrapped at whole words over title lines: every line within 60 columns.
		const titles = narrow.filter((line) => line.kind === 'title' && line.section === 0).map((line) => line.text);
		expect(titles.length).toBeGreaterThan(1);
		expect(titles.join(' ').replace(/\s+/g, ' ')).toMatch(/left out \(a wider terminal shows them\)$/);
		expect(narrow.every((line) => line.text.length <= 60)).toBe(true);
	});

	it('shows the rates per period, the limits and the LTVs; scrolls to the pledge coins; Ctrl+R reads again', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial: at('coins'), journal: emptyJournal()});
		const frame = await app.waitForText('Loanable');
		expect(frame).toMatch(/LOAN COIN\s+7 days hourly \/ APR/);
		expect(frame).toMatch(/USDT\s+\d+\.\d{6}% \/ \d+\.\d{2}%/);
		await app.press(KEYS.end);
		const bottom = await app.waitForText('Pledgeable');
		expect(bottom).toMatch(/PLEDGE COIN\s+INITIAL LTV\s+MARGIN CALL\s+LIQUIDATION/);
		// The last pledge coin, under the table's header kept on top.
		const last = (await sim.client().coinInfos()).pledgeInfos.at(-1)!.coin;
		expect(bottom).toMatch(new RegExp(`\\n${last}\\s+\\d+\\.\\d{2}%\\s+\\d+\\.\\d{2}%\\s+\\d+\\.\\d{2}%`));
		const reads = () => sim.simulator.requests.filter((request) => request.operation === 'coinInfos').length;
		const before = reads();
		await app.press(KEYS.ctrlR);
		await waitFor(() => expect(reads()).toBe(before + 1));
	});
});
