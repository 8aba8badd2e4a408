// Screens that fit the terminal at 60×16, 100×30 and 200×50 without leaving anything out silently: a view taller than
// the screen scrolls (ui/components/scroll-window.tsx) with a "↓ more" mark, and every row is reachable by its keys.
import {HOME_ITEMS} from '../../source/app/registry.js';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {emptyJournal, KEYS, renderApp, scratchJournal, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {createStore} from '../../source/services/store.js';
import type {ScreenKeys} from '../../source/ui/keys/screen-input.js';
import {screenEntry} from '../../source/app/registry.js';
import type {StackState} from '../../source/app/screen-stack.js';
import {ESTIMATE_DEBOUNCE_MS} from '../../source/ui/use-live-estimate.js';

const SIZES = [
	{columns: 60, rows: 16},
	{columns: 100, rows: 30},
	{columns: 200, rows: 50},
];

/** The words of a text, whitespace made single: a wrapped text reads the same as the text. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

const LOAN_LABELS = [
	'Borrowed',
	'Interest accrued',
	'Owed now',
	'Hourly rate',
	'Collateral',
	'LTV',
	'Margin call',
	'Liquidation',
	'Price',
	'Risk',
	'Borrowed at',
	'Expires',
	'Max withdrawable',
	'To initial LTV',
];

/** The rows of the frame's body: between the status line and the footer. */
const bodyOf = (frame: string) => frame.split('\n').slice(1, -1);

describe('screens that fit', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const openLoan = async (size: {columns: number; rows: number}) => {
		const {tight} = sim.demoLoanIds();
		app = await openAt(size, [{name: 'home'}, {name: 'loan', orderId: tight}]);
		return app.waitForText('Owed now');
	};
	const labelsIn = (frame: string) => LOAN_LABELS.filter((label) => new RegExp(`^ {2}${label} {2,}\\S`, 'm').test(frame));

	it("a loan's detail at 60×16 says what is below and ↓, PgDn (in a burst) and End reach every figure; the keys are in ?", async () => {
		const first = await openLoan({columns: 60, rows: 16});
		expect(first.split('\n')).toHaveLength(15);
		expect(first).toMatch(/↓ \d+ more \(PgDn\)/);
		// The risk stays on the first screen (docs/app.md): the title keeps one line, the marks take the falls' place.
		expect(first).toMatch(/^ {2}Risk {2,}▵ WARN/m);
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

	it("a loan's detail at 100×30 and 200×50 shows every figure at once, no mark", async () => {
		for (const size of [
			{columns: 100, rows: 30},
			{columns: 200, rows: 50},
		]) {
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

	it("a loan's detail with its chart at 60×16 (v), 120×30 and 200×50: the chance in words, the margin-call and liquidation lines, today's price, d for 30 days", async () => {
		for (const size of [
			{columns: 60, rows: 16},
			{columns: 120, rows: 30},
			{columns: 200, rows: 50},
		]) {
			const where = `${size.columns}×${size.rows}`;
			await openLoan(size);
			const short = size.rows < 20;
			// The chance once the pair's history is read, with the disclaimer (at 60×16 below the first screen).
			if (!short) await app!.waitForText('chance of a margin call');
			// Too short for the chart under the figures (60×16, 120×30): v shows it in their place; 200×50 has it under them.
			const behindKey = size.rows < 50;
			if (behindKey) {
				expect(app!.frame(), where).not.toContain('last 7 days');
				await app!.press('v');
			}
			const frame = await app!.waitForText('last 7 days');
			const lines = frame.split('\n');
			expect(lines.length, where).toBeLessThanOrEqual(size.rows);
			for (const line of lines) expect(line.length, `${where}: ${line}`).toBeLessThanOrEqual(size.columns);
			expect(words(frame), where).toMatch(/margin call|call \d/);
			expect(words(frame), where).toMatch(/liquidation|liq\. \d/);
			expect(frame, where).toContain('●');
			if (!behindKey) {
				expect(words(frame), where).toMatch(/ETH moved \d+% a year over the last 30 days: a .* chance of a margin call within 30 days/);
				expect(words(frame), where).toContain('A model from past prices, not a promise.');
				expect(frame, where).toMatch(/^ {2}Risk {2,}/m);
			}
			await app!.press('d');
			expect(await app!.waitForText('last 30 days'), where).toContain('●');
			app!.unmount();
			app = undefined;
		}
	});

	it('the ? help of Loans, Coins, Plan and a loan wraps whole words and scrolls to every row, at 60×16, 100×30 and 200×50', async () => {
		const {tight} = sim.demoLoanIds();
		const screens = [
			{name: 'loans' as const, stack: [{name: 'home' as const}, {name: 'loans' as const}], ready: 'Total owed'},
			{name: 'coins' as const, stack: [{name: 'home' as const}, {name: 'coins' as const}], ready: 'Loanable ('},
			{name: 'plan' as const, stack: [{name: 'home' as const}, {name: 'plan' as const}], ready: 'Loan amount'},
			{name: 'loan' as const, stack: [{name: 'home' as const}, {name: 'loan' as const, orderId: tight}], ready: 'Owed now'},
		];
		for (const size of SIZES) {
			for (const screen of screens) {
				const keys = createStore<ScreenKeys>({mode: 'navigate', loading: false, help: [], footer: [], bindings: []});
				app = await renderApp({
					baseUrl: sim.simulator.url,
					demo: true,
					credentials: TEST_CREDENTIALS,
					journal: emptyJournal(),
					size,
					keysStore: keys,
					initial: {stack: screen.stack, quit: false},
				});
				await app.waitForText(screen.ready);
				// Plan opens on a text field (? would be typed into it): its Periods choice takes keys.
				if (screen.name === 'plan') await app.press(KEYS.tab, KEYS.tab);
				await app.press('?');
				await app.waitForText('Keys — ');
				const boxLines = (frame: string) =>
					frame
						.split('\n')
						.filter((line) => line.startsWith('│'))
						.map((line) => line.slice(2, -2))
						.filter((line) => !/Esc closes|closes this help/.test(line));
				const seen: string[] = [];
				let frame = app.frame();
				for (let i = 0; i < 40; i++) {
					for (const line of boxLines(frame)) if (!seen.includes(line)) seen.push(line);
					if (!/↓ \d+ more/.test(frame)) break;
					await app.press(KEYS.down);
					frame = app.frame();
				}
				const where = `${screen.name} at ${size.columns}×${size.rows}`;
				for (const line of frame.split('\n')) expect(line.length, where).toBeLessThanOrEqual(size.columns);
				const text = words(seen.join(' '));
				expect(text, where).toContain(words(screenEntry({name: screen.name} as never).help));
				for (const row of keys.get().help) expect(text, `${where}: ${row.keys}`).toContain(words(row.action));
				// A wrapped action starts under its column: no row of the box starts one column in.
				for (const line of seen) expect(line.startsWith(' ') && /^ \S/.test(line), `${where}: ${JSON.stringify(line)}`).toBe(false);
				app.unmount();
				app = undefined;
			}
		}
	});

	it('Loans at 60×16 with a live LTV: both loans, the gauge wrapped at whole words, never cut', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			journal: emptyJournal(),
			size: {columns: 60, rows: 16},
			initial: {stack: [{name: 'home'}, {name: 'loans'}], quit: false},
		});
		await app.waitForText('Total pledged');
		await waitFor(() => expect(sim.simulator.tickerStream.subscriptions.some((record) => record.instId === 'ETHUSDT' && record.op === 'subscribe')).toBe(true));
		// ETH from 1,545 to 1,550: the ETH loan's LTV is projected and says "(live)", which takes room on the gauge's line.
		sim.simulator.setPrice('ETH', '1550');
		await app.waitForText('(live)');
		// The chances come with the pairs' price histories ("…" until then): then nothing is cut.
		await waitFor(() => expect(app!.frame()).not.toContain('…'));
		const frame = app.frame();
		expect(frame).toMatch(/CHANCE/);
		// The liquidation price and the chance both stay at 60 columns.
		expect(frame).toMatch(/20\.00000000 ETH\s+1,300\.0455\s+\d+%\s+none \(flexible\)/);
		// The two loans fill the body: the chance's footnote gives way rather than a loan's rows.
		expect(frame).not.toContain('A model from past prices');
		expect(frame).toContain('▵ WARN');
		expect(frame).toContain('✓ ok');
		expect(words(frame).match(/liq 90\.00%/g)).toHaveLength(2);
		for (const line of frame.split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
	});

	it("Plan's table at 60×16, 100×30 and 200×50: every cell whole (a column that does not fit goes), every line within the width", async () => {
		for (const size of SIZES) {
			app = await openAt(size, [{name: 'home'}, {name: 'plan'}]);
			await askPlan(app);
			const frame = await app.waitForText(/ways 1-\d+ of \d+/);
			const lines = frame.split('\n');
			const header = lines.findIndex((line) => line.startsWith('  PLEDGE'));
			const rows = lines.slice(
				header,
				lines.findIndex((line, i) => i > header && !/^(› | {2})\S/.test(line)),
			);
			expect(rows.length, `${size.columns}×${size.rows}`).toBeGreaterThan(2);
			for (const line of rows) {
				expect(line.length, line).toBeLessThanOrEqual(size.columns);
				expect(line, line).not.toContain('…');
			}
			expect(frame).toMatch(/liquidation at [\d,.]+ USDT, [\d.]+% below/);
			app.unmount();
			app = undefined;
		}
	});

	/** The demo app at `size`, opened on `stack`. */
	const openAt = (size: {columns: number; rows: number}, stack: StackState['stack']) =>
		renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, journal: emptyJournal(), size, initial: {stack, quit: false}});
	/** Plan asked for 1,000 USDT. */
	const askPlan = async (plan: RenderedApp) => {
		await plan.waitForText('Loan coin');
		await plan.type('USDT');
		await plan.press(KEYS.enter);
		await plan.type('1000');
		await plan.press(KEYS.enter);
	};

	/** Every line of a frame within the width, the frame within the height, and no line cut ("…" ends a cut). */
	const expectFits = (frame: string, size: {columns: number; rows: number}, where: string, masked?: RegExp) => {
		const lines = frame.split('\n');
		expect(lines.length, where).toBeLessThanOrEqual(size.rows - 1);
		for (const line of bodyOf(frame)) {
			expect(line.length, `${where}: ${line}`).toBeLessThanOrEqual(size.columns);
			// A masked key's "…" is not a cut, nor a title's "refreshing…" (a timed refresh may start at any frame).
			expect((masked === undefined ? line : line.replace(masked, '')).replace(/refreshing…/g, ''), where).not.toMatch(/\S…/);
		}
	};

	it('History at 60×16, 100×30 and 200×50: the tabs and the page line wrap at whole words, the page keeps within the height', async () => {
		// A repayment and a collateral change, so those histories have rows (the demo has no liquidation in the last 30 days:
		// that tab says so, fitted too).
		const {tight, calm} = sim.demoLoanIds();
		await sim.client().repay({orderId: calm, repayAll: false, amount: '5', repayUnlock: false});
		await sim.client().revisePledge({orderId: tight, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'});
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'history'}]);
			const frame = await app.waitForText(/page 1 of \d+/);
			expectFits(frame, size, where);
			const text = words(bodyOf(frame).join(' '));
			expect(text, where).toContain('4 Liquidations');
			expect(text, where).toContain('· last 30 days (+/- to change, at most 90)');
			expect(text, where).toMatch(/page 1 of \d+ · records 1-\d+ of \d+, newest first( · \d+ more columns? when wider)?$/);
			// The other three histories too (their TIME columns among the cells): each cell whole, within the height.
			for (const key of ['2', '3', '4']) {
				await app.press(key);
				await waitFor(() => {
					const shown = app!.frame();
					expect(shown, `${where}, history ${key}`).toMatch(/ORDER[\s\S]*page 1 of \d+|No liquidations in the last 30 days/);
					expectFits(shown, size, `${where}, history ${key}`);
				});
			}
			app.unmount();
			app = undefined;
		}
	});

	it('Coins at 60×16, 100×30 and 200×50: the section titles wrap at whole words, the page keeps within the height', async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'coins'}]);
			const frame = await app.waitForText('Loanable (');
			expectFits(frame, size, where);
			const text = words(bodyOf(frame).join(' '));
			expect(text, where).toMatch(/Loanable \(\d+\) · hourly rate \/ APR per period( · [A-Z0-9 ,./%-]+ left out \(a wider terminal shows them\))?/);
			if (size.columns === 60) expect(text, where).toContain('left out (a wider terminal shows them)');
			// To the bottom: the pledgeable title and every line of its table, within the height.
			await app.press(KEYS.end);
			const end = await app.waitForText('Pledgeable (');
			expectFits(end, size, `${where} at the end`);
			expect(words(bodyOf(end).join(' ')), where).toMatch(/Pledgeable \(\d+\) · LTVs/);
			app.unmount();
			app = undefined;
		}
	});

	it("Plan's list at 60×16, 100×30 and 200×50: the title, prices, the way's prices and the position line wrap at whole words, within the height", async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'plan'}]);
			await askPlan(app);
			const frame = await app.waitForText(/ways 1-\d+ of \d+/);
			expectFits(frame, size, where);
			const text = words(bodyOf(frame).join(' '));
			expect(text, where).toMatch(/Prices: \S/);
			expect(text, where).toMatch(/ways 1-\d+ of \d+ · collateral derived from one estimate each/);
			expect(text, where).toMatch(/liquidation at [\d,.]+ USDT, [\d.]+% below/);
			app.unmount();
			app = undefined;
		}
	});

	it('Loans\' "sent from here" at 60×16, 100×30 and 200×50: each record wrapped at whole words, as many as the height holds', async () => {
		const {tight, calm} = sim.demoLoanIds();
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			const journal = scratchJournal();
			for (let i = 0; i < 6; i++) {
				const borrow = await journal.open({
					time: 1_700_000_000_000 + i * 1000,
					operation: 'borrow',
					origin: 'app',
					values: {loanCoin: 'USDT', pledgeCoin: 'BTC'},
				});
				await journal.update({...borrow, outcome: 'done', orderId: calm});
			}
			const repay = await journal.open({time: 1_700_000_100_000, operation: 'repay', origin: 'app', values: {orderId: tight, amount: '5'}});
			await journal.update({
				...repay,
				outcome: 'unknown',
				detail: 'no answer',
				finding: {status: 'found', message: 'found a repayment', checkedAt: 1_700_000_110_000},
			});
			app = await renderApp({
				baseUrl: sim.simulator.url,
				demo: true,
				credentials: TEST_CREDENTIALS,
				journal,
				size,
				initial: {stack: [{name: 'home'}, {name: 'loans'}], quit: false},
			});
			await app.waitForText('Total owed');
			await app.press('s');
			const frame = await app.waitForText('Loans · sent from here');
			expectFits(frame, size, where);
			const text = words(bodyOf(frame).join(' '));
			expect(text, where).toContain(`? outcome unknown order ${tight}`);
			expect(text, where).toContain(`order ${tight}, amount 5 — no answer — check: found, found a repayment`);
			expect(text, where).toContain(`✓ done order ${calm}`);
			// Every record, or the line that says how many older ones are not shown.
			if (size.rows === 16) expect(text, where).toMatch(/\d+ older not shown/);
			else expect(text, where).not.toContain('older not shown');
			app.unmount();
			app = undefined;
		}
	});

	it('Home at 60×16, 100×30 and 200×50: every item whole, wrapped at whole words; the title gives way where the items need its rows', async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}]);
			await app.waitForText('9 ');
			// The first frame is drawn before the resize is taken in: the one at this size.
			await waitFor(() => expectFits(app!.frame(), size, where));
			const frame = app.frame();
			const text = words(bodyOf(frame).join(' '));
			for (const item of HOME_ITEMS) expect(text, where).toContain(words(item.label));
			if (size.rows >= 30) expect(text, where).toContain('Bitget spot pairs and crypto loans');
			app.unmount();
			app = undefined;
		}
	});

	it("Credentials at 60×16, 100×30 and 200×50: the title, the lines and the menu's items wrap at whole words (an item under its own start)", async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'credentials'}]);
			await app.waitForText('❯ Replace');
			// The account is asked of Bitget ("asking Bitget…" meanwhile): its answer, then the frame.
			const frame = await app.waitForText('unified trading account');
			expectFits(frame, size, where, /API key {2}\S+…\S+/);
			const lines = bodyOf(frame);
			const first = lines.findIndex((line) => line.includes('❯ Replace'));
			const item = [
				lines[first]!,
				...lines.slice(first + 1).filter((line, i) => /^ {4}\S/.test(line) && lines.slice(first + 1, first + 1 + i).every((before) => /^ {4}\S/.test(before))),
			];
			expect(words(item.join(' ')), where).toMatch(/^1 ❯ Replace — enter a new API key, secret key and passphrase\b/);
			app.unmount();
			app = undefined;
		}
	});

	it('the borrow review at 60×16, 100×30 and 200×50: a value longer than its column (the server) wraps under its own start', async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'borrow'}]);
			await app.waitForText('Borrow · 1 of 6');
			await walkToReview(app, '0.5', {thirty: true});
			await app.waitForText(/Borrowable\s+\d/);
			// Every read done (the estimate, the prices, the limits check, the price history): their "…" meanwhile is not a cut.
			await waitFor(() => {
				expect(app!.frame()).not.toMatch(/reading the prices…|Checking Bitget's borrow limits…|Fetching the estimate…|reading price history…/);
			});
			const frame = app.frame();
			expectFits(frame, size, where, /key \S+…\S+/);
			expect(words(bodyOf(frame).join(' ')), where).toContain(`Server demo (embedded simulator, ${sim.simulator.url.replace(/\/$/, '')})`);
			expect(frame, where).toContain('Borrow? [y/N]');
			// The chance beside the marks: the sentence where it has room, its one line at 60×16.
			expect(words(bodyOf(frame).join(' ')), where).toMatch(/chance of a margin call within 30 days|Margin call in 30 days: \S+ \(a model, not a promise\)/);
			// The chart (g) fits the same space, the question below it.
			await app.press('g');
			const chart = await app.waitForText('BTC in USDT, last 7 days');
			expectFits(chart, size, where);
			expect(chart, where).toMatch(/margin call|call \d/);
			expect(chart, where).toContain('Borrow? [y/N]');
			app.unmount();
			app = undefined;
		}
	});

	it('Estimate at 60×16, 100×30 and 200×50: the header naming old and new values wraps at whole words, within the height', async () => {
		for (const size of SIZES) {
			const where = `${size.columns}×${size.rows}`;
			app = await openAt(size, [{name: 'home'}, {name: 'estimate'}]);
			await app.waitForText('Loan coin');
			await app.type('USDT');
			await app.press(KEYS.enter);
			await app.type('BTC');
			await app.press(KEYS.enter, KEYS.enter);
			// The debounce faked from the amount on: the figures of 1 show while 12 is due, and the header says both.
			vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
			try {
				await app.type('1');
				app.flush();
				vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS);
				await app.waitForText(/Annualised rate\s+\d/);
				await app.type('2');
				app.flush();
				const frame = app.frame();
				// "USDT…)" is the header's "updating…", not a cut.
				expectFits(frame, size, where, /\S…\)/);
				expect(words(bodyOf(frame).join(' ')), where).toContain('Estimate: pledge 1 BTC, borrow USDT (updating for pledge 12 BTC, borrow USDT…)');
			} finally {
				vi.useRealTimers();
			}
			app.unmount();
			app = undefined;
		}
	});
});
