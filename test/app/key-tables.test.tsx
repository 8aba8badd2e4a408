// Every screen and stage, walked: each key its table names (the footer and the ? help are made from that table)
// does something on screen, and keys it does not name do nothing. The table is read from the app itself (the
// store the footer and help read), the keys are sent as a terminal sends them.
import {afterEach, describe, expect, it} from 'vitest';
import {createStore} from '../../source/services/store.js';
import {bindingFor, specMatches, type KeySpec} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import type {ScreenKeys} from '../../source/ui/keys/screen-input.js';
import type {StackState} from '../../source/app/screen-stack.js';
import {emptyJournal, KEYS, renderApp, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const NAMED: Record<string, string> = {
	Enter: KEYS.enter,
	Esc: KEYS.escape,
	Tab: KEYS.tab,
	'Shift+Tab': KEYS.shiftTab,
	Up: KEYS.up,
	Down: KEYS.down,
	Left: KEYS.left,
	Right: KEYS.right,
	PgUp: KEYS.pageUp,
	PgDn: KEYS.pageDown,
	Home: KEYS.home,
	End: KEYS.end,
	Backspace: KEYS.backspace,
	Delete: '\u001B[3~',
	Space: ' ',
};

/** What a terminal sends for the key a spec names (for a range, its first key; for `text`, a letter). */
function sequenceOf(spec: KeySpec): string {
	if (NAMED[spec]) return NAMED[spec];
	if (spec === 'text') return 'x';
	const ctrl = /^Ctrl\+([a-z])$/.exec(spec);
	if (ctrl) return String.fromCharCode(ctrl[1]!.charCodeAt(0) - 96);
	const range = /^(.)-(.)$/u.exec(spec);
	if (range) return range[1]!;
	return spec;
}

/** Keys tried where a stage does not name them: each must leave the screen as it was. */
const PROBES = [
	'x',
	'Z',
	'7',
	' ',
	KEYS.tab,
	KEYS.shiftTab,
	KEYS.up,
	KEYS.down,
	KEYS.left,
	KEYS.right,
	KEYS.pageUp,
	KEYS.pageDown,
	KEYS.home,
	KEYS.end,
	KEYS.enter,
	KEYS.backspace,
	KEYS.ctrlR,
	'\u0002',
	'y',
	'n',
	'c',
	'h',
];

/** The screen, without what a clock changes by itself (the Loans screen's "updated 3 s ago", a price's "3 s ago"). */
const screenOf = (app: RenderedApp) =>
	app
		.frame()
		.replace(/updated [^·\n]*? ago/g, 'updated …')
		.replace(/, [\d a-z]+? ago/g, ', … ago');

/** The shell takes q and ? where no text field has focus, Esc and Ctrl+C always (app/shell-keys.ts routeKey). */
const shellTakes = (mode: ScreenKeys['mode'], sequence: string) =>
	sequence === KEYS.escape || sequence === KEYS.ctrlC || (mode === 'navigate' && (sequence === 'q' || sequence === '?'));

interface Stage {
	name: string;
	initial: StackState;
	/** Keys from the screen's start to the stage. */
	reach?: (app: RenderedApp) => Promise<unknown>;
	/** Shown once the stage is ready for keys. */
	ready: string | RegExp;
	/** Shown while the stage still loads (a spinner): waited away. */
	loading?: string | string[];
	/** Rows whose key changes nothing on purpose (their words say so). */
	still?: RegExp;
}

const at = (...names: string[]): StackState => ({stack: [{name: 'home'}, ...names.map((name) => ({name}) as StackState['stack'][number])], quit: false});

/** The Loans list whole: its prices are read after the loans (ui/use-prices.ts), their columns arrive last, and each
 * pair's chance after its price history (both demo loans' CHANCE cells, before their expiry). */
const LOANS_READY = /LIQ AT[\s\S]*(\d%|no hist\.)\s+(none|in \d)[\s\S]*(\d%|no hist\.)\s+(none|in \d)[\s\S]*Total owed/;
/** A loan's detail whole: today's price, the chance once the price history is read, the target row once the coin list
 * is read, then the footer. */
const LOAN_READY = /Price\s+[A-Z]+ [\d,.]+ [A-Z]+,[\s\S]*a year over the last 30 days[\s\S]*To initial LTV[\s\S]*r\s+repay/;

const STAGES: Stage[] = [
	{name: 'home', initial: {stack: [{name: 'home'}], quit: false}, ready: '❯ Symbols'},
	{name: 'symbols: filter', initial: at('symbols'), reach: async (app) => (await app.waitForText(/of \d+ pairs/), app.type('bt')), ready: /of \d+ pairs/},
	{name: 'symbols: list', initial: at('symbols'), reach: (app) => app.press(KEYS.tab), ready: /of \d+ pairs/},
	{
		name: 'symbols: list, filtered',
		initial: at('symbols'),
		reach: async (app) => (await app.waitForText(/of \d+ pairs/), await app.type('bt'), app.press(KEYS.tab)),
		ready: /of \d+ pairs/,
	},
	{name: 'symbols: detail', initial: at('symbols'), reach: async (app) => (await app.waitForText(/of \d+ pairs/), app.press(KEYS.enter)), ready: 'Maker fee'},
	{name: 'estimate: loan coin', initial: at('estimate'), ready: 'Loan coin'},
	{name: 'estimate: period', initial: at('estimate'), reach: (app) => app.press(KEYS.tab, KEYS.tab), ready: /7 days/},
	{name: 'estimate: by loan amount', initial: at('estimate'), reach: (app) => app.press('\u0014', KEYS.shiftTab), ready: '› Loan amount'},
	{name: 'borrow: loan coin', initial: at('borrow'), ready: 'Borrow · 1 of 6'},
	{name: 'borrow: period', initial: at('borrow'), reach: (app) => walkTo(app, 3), ready: 'Borrow · 3 of 6', still: /does nothing/},
	{name: 'borrow: amount', initial: at('borrow'), reach: (app) => walkTo(app, 5), ready: 'Borrow · 5 of 6'},
	{
		name: 'borrow: review',
		initial: at('borrow'),
		reach: (app) => walkToReview(app, '0.5'),
		ready: /Borrowable\s+\d[\s\S]*Liquidation at[\s\S]*Expires[\s\S]*Borrow\? \[y\/N\]/,
		loading: ["Checking Bitget's borrow limits", 'reading price history…'],
		still: /does nothing/,
	},
	{name: 'loans', initial: at('loans'), ready: LOANS_READY},
	{name: 'loan', initial: at('loans'), reach: async (app) => (await app.waitForText(LOANS_READY), app.press(KEYS.enter)), ready: LOAN_READY},
	{
		name: 'loan: safety margin',
		initial: at('loans'),
		reach: async (app) => (await app.waitForText(LOANS_READY), await app.press(KEYS.enter), await app.waitForText(LOAN_READY), app.press('m')),
		ready: 'Margin (points)',
	},
	{
		name: 'loans: sent from here',
		initial: at('loans'),
		reach: async (app) => (await app.waitForText(LOANS_READY), app.press('s')),
		ready: /Sent from here|Nothing sent/,
	},
	{name: 'history', initial: at('history'), ready: /page 1 of|No .* in the last/},
	{name: 'history: filter', initial: at('history'), reach: async (app) => (await app.waitForText('page 1 of'), app.press('/')), ready: /\/ .*of \d+ · Enter/},
	{name: 'loans: filter', initial: at('loans'), reach: async (app) => (await app.waitForText(LOANS_READY), app.press('/')), ready: /\/ .*of \d+ · Enter/},
	{name: 'credentials: menu', initial: at('credentials'), ready: /Account {2}(unified|classic|its mode)[\s\S]*(Add —|Replace —)/},
	{name: 'coins', initial: at('coins'), ready: 'Loanable'},
	{name: 'plan: loan coin', initial: at('plan'), ready: '› Loan coin'},
	{name: 'plan: loan amount', initial: at('plan'), reach: (app) => app.press(KEYS.tab), ready: '› Loan amount'},
	{name: 'plan: periods', initial: at('plan'), reach: (app) => app.press(KEYS.tab, KEYS.tab), ready: /‹ all three ›/},
	{
		name: 'plan: ways',
		initial: at('plan'),
		reach: async (app) => (await app.type('USDT'), await app.press(KEYS.enter), await app.type('1000'), app.press(KEYS.tab, '7', KEYS.enter)),
		ready: /ways 1-10 of 10/,
	},
];

describe('key tables: every named key does something, every other key nothing', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => {
		app?.unmount();
		app = undefined;
	});

	const open = async (stage: Stage) => {
		app?.unmount();
		app = undefined;
		const keys = createStore<ScreenKeys>({mode: 'navigate', loading: false, help: [], footer: [], bindings: []});
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: stage.initial,
			journal: emptyJournal(),
			keysStore: keys,
		});
		await stage.reach?.(app);
		await app.waitForText(stage.ready);
		for (const loading of [stage.loading ?? []].flat()) await app.waitForNoText(loading);
		return keys.get();
	};

	for (const stage of STAGES) {
		it(stage.name, async () => {
			const table = await open(stage);
			const rows = table.bindings.filter((row) => row.when !== false);
			expect(rows.length, 'a stage names its keys').toBeGreaterThan(0);
			// The table is what the help shows: one help row per row that applies, the footer from the same rows.
			expect(table.help.length).toBeGreaterThan(0);
			const helpKeys = new Set(table.help.flatMap((row) => row.keys.split('/')));
			for (const hint of table.footer)
				for (const part of hint.keys.split('/')) expect(helpKeys.has(part), `footer hint ${hint.keys}: ${part} is in the help`).toBe(true);

			for (const row of rows) {
				expect(row.description.trim(), `row ${row.keys.join('/')}`).not.toBe('');
				for (const spec of row.keys) {
					const {input, key} = parseKey(sequenceOf(spec));
					expect(() => specMatches(spec, input, key)).not.toThrow();
					// Named here, taken here: no earlier row and no shell key takes it first.
					expect(bindingFor(rows, input, key), `${stage.name}: ${spec} reaches its own row`).toBe(row);
					if (spec !== 'Esc') expect(shellTakes(table.mode, sequenceOf(spec)), `${stage.name}: the shell takes ${spec}`).toBe(false);
				}
			}

			// Each named key, from the stage as reached: the screen changes (or the app quits).
			for (const row of rows) {
				if (stage.still?.test(row.description)) continue;
				// A range's keys are tried in turn: the one for the item already chosen changes nothing, the others do.
				// A key that moves one way changes nothing at that end of a list: it is tried again after its group's other
				// keys (↓ then ↑).
				const range = /^(.)-(.)$/u.exec(row.keys[0]!);
				const key = sequenceOf(row.keys[0]!);
				const mates = rows
					.filter((other) => other !== row && other.group !== undefined && other.group === row.group)
					.map((other) => sequenceOf(other.keys[0]!));
				const tries = range ? [[range[1]!], [range[2]!]] : [[key], ...(mates.length > 0 ? [[...mates, key]] : [])];
				let changed = false;
				for (const [index, keys] of tries.entries()) {
					await open(stage);
					if (keys.length > 1) await app!.press(...keys.slice(0, -1));
					const before = screenOf(app!);
					await app!.press(keys.at(-1)!);
					if (app!.exited() || screenOf(app!) !== before) {
						changed = true;
						break;
					}
					// Every key draws its frame before press returns (test/helpers/ink.tsx), so a key that does nothing shows
					// it at once: the next try follows without a pause. The last try waits within the bound for a change that
					// comes later (a screen opening) before it counts as nothing.
					if (index < tries.length - 1) continue;
					changed = await waitFor(() => expect(app!.exited() || screenOf(app!) !== before).toBe(true), {timeout: 3000}).then(
						() => true,
						() => false,
					);
					if (changed) break;
				}
				expect(changed, `${stage.name}: ${row.keys.join('/')} (${row.description}) changed nothing`).toBe(true);
			}

			// Keys not named: the screen stays as it was.
			const unnamed = PROBES.filter((sequence) => {
				const {input, key} = parseKey(sequence);
				return !bindingFor(rows, input, key) && !shellTakes(table.mode, sequence);
			});
			if (unnamed.length > 0) {
				await open(stage);
				const before = screenOf(app!);
				for (const sequence of unnamed) {
					await app!.press(sequence);
					app!.flush();
					expect(screenOf(app!), `${stage.name}: ${JSON.stringify(sequence)} is named nowhere, yet it changed the screen`).toBe(before);
				}
			}
		});
	}
});

/** The borrow wizard to step `step` (3: period, 5: amount), USDT against BTC. */
async function walkTo(app: RenderedApp, step: number): Promise<void> {
	const steps = [() => app.type('USDT'), () => app.type('BTC'), async () => undefined, async () => undefined];
	for (let i = 1; i < step; i++) {
		await app.waitForText(`Borrow · ${i} of 6`);
		await steps[i - 1]!();
		await app.press(KEYS.enter);
	}
}
