// Keys as real terminals send them: several in one read (a held key, a fast typist, a slow SSH link) and
// bracketed pastes. Each key of a burst is applied in order against the state the previous one made.
import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {memoryStore} from '../helpers/memory-store.js';

describe('bursts and pastes in the app', () => {
	const sim = useSimulator({extraSymbols: 50});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('↓↓⏎ in one read on home opens Borrow, the third item', async () => {
		app = await renderApp({baseUrl: sim.simulator.url});
		await app.waitForText('❯ Symbols');
		await app.burst(`${KEYS.down}${KEYS.down}${KEYS.enter}`);
		await app.waitForText('Borrow · 1 of 6');
	});

	it('jjj in one read moves the list three rows', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		await app.waitForText(/[1-9]\d* of \d+ pairs/);
		await app.press(KEYS.tab);
		const rows = (frame: string) => frame.split('\n').filter((line) => /^[› ] [A-Z0-9]+ +[A-Z0-9]+ +[A-Z0-9]+ /.test(line) && !line.includes('SYMBOL'));
		const before = rows(app.frame());
		expect(before[0]).toMatch(/^›/);
		await app.burst('jjj');
		await app.waitForText('› ' + before[3]!.slice(2));
		const after = rows(app.frame());
		expect(after.findIndex((line) => line.startsWith('›'))).toBe(3);
	});

	it('↓⏎ in one read on the Credentials menu opens Remove, not Replace', async () => {
		const {store} = memoryStore({default: TEST_CREDENTIALS});
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'credentials'}], quit: false}, openStore: async () => store});
		await app.waitForText('API key  bg_t');
		await app.burst(`${KEYS.down}${KEYS.enter}`);
		await app.waitForText('Remove the credentials of profile');
	});

	it('two Backspaces in one read delete two characters; a typed word in one read lands whole', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'estimate'}], quit: false}});
		await app.waitForText('Loan coin');
		await app.burst('USDTX');
		await app.waitForText(/Loan coin\s+USDTX/);
		await app.burst(`${KEYS.backspace}${KEYS.backspace}`);
		await app.waitForText(/Loan coin\s+USD(?!T)/);
	});

	it('a bracketed paste lands in the focused amount field as text', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
		});
		await app.waitForText('Borrow · 1 of 6');
		await app.burst(`USDT${KEYS.enter}`);
		await app.waitForText('Borrow · 2 of 6');
		await app.burst(`BTC${KEYS.enter}${KEYS.enter}${KEYS.enter}`);
		await app.waitForText('Borrow · 5 of 6');
		await app.paste('0.5\n');
		await app.waitForText(/Pledge \(BTC\)\s+0\.5/);
		await app.press(KEYS.enter);
		await app.waitForText(/Pledge amount\s+0\.5 BTC/);
	});

	it('a paste holding y on the review posts nothing; only a typed y does', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
		});
		await app.waitForText('Borrow · 1 of 6');
		await walkToReview(app, '0.5');
		await app.paste('y');
		await app.paste('yes\ry\r');
		// The keys after the pastes are handled (n goes back to the amount): the pastes were read and dropped.
		await app.press('n');
		await app.waitForText('Borrow · 5 of 6');
		// A paste that confirmed would have made the review busy (n ignored) or posted: by the time n went back, nothing
		// was sent; the one POST at the end is the typed y's.
		expect(sim.posts()).toEqual([]);
		await app.press(KEYS.enter);
		await app.waitForText('Borrow? [y/N]');
		await app.press('y');
		await app.waitForText('Loan order created');
		expect(sim.posts()).toHaveLength(1);
	});

	it('a paste while the help overlay is open goes nowhere', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		await app.waitForText(/[1-9]\d* of \d+ pairs/);
		await app.press(KEYS.tab, '?');
		await app.waitForText('Keys — Symbols');
		await app.paste('ETH');
		await app.press(KEYS.escape, '/');
		await app.waitForNoText('Keys — Symbols');
		await app.paste('eth');
		const frame = await app.waitForText('> eth');
		expect(frame).not.toContain('ETHeth');
	});

	describe('every Esc of a burst counts', () => {
		const stack = (...names: Array<'coins' | 'estimate' | 'symbols'>) => ({stack: [{name: 'home' as const}, ...names.map((name) => ({name}))], quit: false});
		/** Which screen is on top, once every key sent before is handled ('?' is handled after them, in order). */
		const topTitle = async (current: RenderedApp) => {
			await current.press('?');
			const frame = await current.waitForText(/Keys — \w+/);
			await current.press(KEYS.escape);
			return /Keys — (\w+)/.exec(frame)![1];
		};

		it('two Escs in one read go back two screens; seven go back seven', async () => {
			app = await renderApp({
				baseUrl: sim.simulator.url,
				initial: stack('coins', 'estimate', 'coins', 'symbols', 'coins', 'estimate', 'coins', 'symbols', 'coins'),
			});
			await app.waitForText('Loanable');
			await app.burst(KEYS.escape.repeat(2));
			// One Esc would leave Symbols on top, three Estimate.
			expect(await topTitle(app)).toBe('Coins');
			await app.burst(KEYS.escape.repeat(7));
			expect(await topTitle(app)).toBe('Home');
			expect(app.frame()).not.toContain('Quit loan-tui?');
			expect(app.exited()).toBe(false);
		});

		it('Escs in one read stop at the quit question: one typed before it was shown does not answer it', async () => {
			app = await renderApp({baseUrl: sim.simulator.url, initial: stack('coins', 'estimate')});
			await app.waitForText('Loan coin');
			await app.burst(KEYS.escape.repeat(7));
			await app.waitForText('Quit loan-tui? Esc again quits');
			// j answers "stay" and moves the menu: it is handled after the seven Escs, and the app is still there.
			await app.press('j');
			await app.waitForText('❯ Estimate');
			expect(app.exited()).toBe(false);
			// Esc, then a second Esc sent once the question is shown, quits.
			await app.press(KEYS.escape);
			await app.waitForText('Quit loan-tui? Esc again quits');
			await app.press(KEYS.escape);
			await waitFor(() => expect(app!.exited()).toBe(true));
		});
	});
});
