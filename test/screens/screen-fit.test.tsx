// Screens that fit the terminal at 60×16, 100×30 and 200×50 without leaving anything out silently: a view taller than
// the screen scrolls (ui/components/scroll-window.tsx) with a "↓ more" mark, and every row is reachable by its keys.
import {afterEach, describe, expect, it} from 'vitest';
import {emptyJournal, KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const LOAN_LABELS = ['Borrowed', 'Interest accrued', 'Owed now', 'Hourly rate', 'Collateral', 'LTV', 'Margin call', 'Liquidation', 'Price', 'Risk', 'Borrowed at', 'Expires', 'Max withdrawable', 'To initial LTV'];

/** The rows of the frame's body: between the status line and the footer. */
const bodyOf = (frame: string) => frame.split('\n').slice(1, -1);

describe('screens that fit', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const openLoan = async (size: {columns: number; rows: number}) => {
		const {tight} = sim.demoLoanIds();
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, journal: emptyJournal(), size, initial: {stack: [{name: 'home'}, {name: 'loan', orderId: tight}], quit: false}});
		return app.waitForText('Owed now');
	};
	const labelsIn = (frame: string) => LOAN_LABELS.filter((label) => new RegExp(`^ {2}${label} {2,}\\S`, 'm').test(frame));

	it('a loan\'s detail at 60×16 says what is below and ↓, PgDn (in a burst) and End reach every figure; the keys are in ?', async () => {
		const first = await openLoan({columns: 60, rows: 16});
		expect(first.split('\n')).toHaveLength(15);
		expect(first).toMatch(/↓ \d+ more \(PgDn\)/);
		const seen = new Set(labelsIn(first));
		expect(seen.has('Expires')).toBe(false);
		// A line at a time, to the end: each press shows one more row until nothing is below.
		let frame = first;
		for (let i = 0; i < 30 && /↓ \d+ more/.test(frame); i++) {
			await app!.press(KEYS.down);
			frame = app!.frame();
			for (const label of labelsIn(frame)) seen.add(label);
		}
		expect(frame).not.toMatch(/↓ \d+ more/);
		expect(frame).toMatch(/↑ \d+ above \(PgUp\)/);
		expect([...seen].sort()).toEqual([...LOAN_LABELS].sort());
		// Back to the top in a page, then two pages down in one read: the last page again.
		await app!.press(KEYS.home);
		expect(app!.frame()).toMatch(/^ {2}Borrowed {2,}\d/m);
		await app!.burst(KEYS.pageDown + KEYS.pageDown);
		const last = app!.frame();
		expect(last).toMatch(/^ {2}Max withdrawable\s/m);
		expect(last).toMatch(/^ {2}To initial LTV\s/m);
		for (const line of bodyOf(last)) expect(line.length, line).toBeLessThanOrEqual(60);
		expect(last).not.toContain('…');
		// w, m and t are not in the footer at 60 columns: ? has them.
		await app!.press('?');
		let help = app!.frame();
		for (let i = 0; i < 10 && !/^│ t\s/m.test(help); i++) help = (await app!.press(KEYS.down), app!.frame());
		const rows = help;
		expect(rows).toMatch(/^│ t\s+target LTV/m);
	});

	it('a loan\'s detail at 100×30 and 200×50 shows every figure at once, no mark', async () => {
		for (const size of [{columns: 100, rows: 30}, {columns: 200, rows: 50}]) {
			const frame = await openLoan(size);
			await app!.waitForText('To initial LTV');
			const shown = app!.frame();
			expect(labelsIn(shown), `${size.columns}×${size.rows}`).toEqual(LOAN_LABELS);
			expect(shown).not.toMatch(/↓ \d+ more/);
			expect(frame).not.toContain('…');
			app!.unmount();
			app = undefined;
		}
	});
});
