// Finishing touches in a real terminal: the built binary in tmux at 100x30 and at the 60x16 minimum, keys sent in bursts
// where a person's typing would arrive that way.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

/** SGR colour codes: foreground/background 30-37, 40-47, 90-97, 100-107 and 38/48 (256 and true colour). */
const COLOUR = /\u001B\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

const SIZES = [
	{columns: 100, rows: 30},
	{columns: 60, rows: 16},
] as const;

for (const size of SIZES) {
	const at = `${size.columns}x${size.rows}`;
	describe.skipIf(tmuxMissing)(`finishing touches at ${at}${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
		const sim = useSimulator();
		let tmux: Tmux | undefined;
		afterEach(() => tmux?.kill());
		const start = (env: NodeJS.ProcessEnv = {}, args = `--base-url ${sim.simulator.url}`) => {
			tmux = Tmux.start(`node ${CLI} ${args}`, {...size, env: {...TEST_CREDENTIAL_ENV, ...env}});
			return tmux.waitFor(/\? this help/);
		};
		const fitsWidth = (screen: string) => {
			for (const line of screen.split('\n')) expect([...line].length).toBeLessThanOrEqual(size.columns);
		};

		it('quitting is deliberate: Esc on home asks, one Esc too many out of the wizard does not quit, q quits', async () => {
			await start();
			// Into the wizard and straight back out with one Esc too many: home asks instead of quitting.
			await tmux!.burstText('3');
			await tmux!.waitFor(/Borrow · 1 of 6/);
			await tmux!.escape(/Esc quit\b/);
			const asked = await tmux!.escape('Quit loan-tui? Esc again quits');
			expect(asked).not.toContain('EXIT=');
			// The key that answers "stay" acts too (it is not swallowed): j moves the menu, and 4 typed with it opens Loans.
			await tmux!.burstText('j');
			const stayed = await tmux!.waitFor(/Esc quit/);
			expect(stayed).toContain('❯ Estimate');
			await tmux!.send('Escape');
			await tmux!.waitFor('Quit loan-tui? Esc again quits');
			await tmux!.burstText('5');
			await tmux!.waitFor(/\[1 Loans\]/);
			await tmux!.send('Escape');
			await tmux!.waitFor(/Esc quit/);
			// q in a text field is typed, not a quit.
			await tmux!.burstText('2q');
			await tmux!.waitFor(/Loan coin\s+q/);
			await tmux!.burst('C-u', 'Escape');
			await tmux!.waitFor(/Esc quit/);
			await tmux!.burstText('q');
			await tmux!.waitFor('EXIT=0');
		});

		it('Ctrl+C quits from a text field, and Esc twice quits from home', async () => {
			await start();
			await tmux!.burstText('2US');
			await tmux!.waitFor(/Loan coin\s+US/);
			await tmux!.send('C-c');
			await tmux!.waitFor('EXIT=0');
			tmux!.kill();
			await start();
			await tmux!.escape('Quit loan-tui?');
			await tmux!.escape('EXIT=0');
		});

		it('keeps the estimate inputs across Ctrl+B and back, and the last ones across runs', async () => {
			const config = mkdtempSync(join(tmpdir(), 'loan-tui-finish-config-'));
			await start({XDG_CONFIG_HOME: config});
			await tmux!.burstText('2');
			await tmux!.waitFor('Loan coin');
			await tmux!.burstText('USDT');
			await tmux!.burst('Enter');
			await tmux!.burstText('BTC');
			await tmux!.burst('Enter', 'Down', 'Enter');
			await tmux!.burstText('2.5');
			await tmux!.waitFor(/Annualised rate\s+\d/);
			await tmux!.send('C-b');
			await tmux!.waitFor(/Pledge \(BTC\)\s+2\.5/);
			// The wizard opened on the amount step with the estimate's values: one Esc leaves it (one screen pushed).
			const back = await tmux!.escape(/Annualised rate\s+\d/);
			expect(back).toMatch(/Pledge amount\s+2\.5/);
			expect(back).toMatch(/Period\s+30 days/);
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('q');
			await tmux!.waitFor('EXIT=0');
			tmux!.kill();
			await start({XDG_CONFIG_HOME: config});
			await tmux!.burstText('2');
			const again = await tmux!.waitFor(/Annualised rate\s+\d/);
			expect(again).toMatch(/Loan coin\s+USDT/);
			expect(again).toMatch(/Pledge coin\s+BTC/);
			expect(again).toMatch(/Period\s+30 days/);
			expect(again).toMatch(/Pledge amount\s+2\.5/);
		});

		it('tells a borrow refusal on the top line until a borrow succeeds', async () => {
			await start();
			await tmux!.burstText('3');
			await tmux!.waitFor(/Borrow · 1 of 6/);
			await tmux!.burstText('USDT');
			await tmux!.burst('Enter');
			await tmux!.burstText('BTC');
			await tmux!.burst('Enter', 'Enter', 'Enter');
			await tmux!.burstText('5000');
			await tmux!.burst('Enter');
			await tmux!.waitFor('Borrow? [y/N]');
			await tmux!.burstText('y');
			await tmux!.waitFor(/Insufficient balance[\s\S]*Borrow\? \[y\/N\]/);
			const refused = await tmux!.waitFor((screen) => /✗ Borrow refused: .*43012/.test(screen.split('\n').slice(0, 2).join(' ')));
			fitsWidth(refused);
			await tmux!.burstText('n');
			await tmux!.burst('C-u');
			await tmux!.burstText('0.5');
			await tmux!.burst('Enter');
			await tmux!.waitFor('Borrow? [y/N]');
			expect(tmux!.screen().split('\n')[0]).toContain('Borrow refused');
			await tmux!.burstText('y');
			const done = await tmux!.waitFor('Loan order created');
			expect(done.split('\n')[0]).not.toContain('✗');
		});

		it('suggests coins in a vertical list; Enter takes only a coin moved to or typed in full', async () => {
			await start();
			await tmux!.burstText('3');
			await tmux!.waitFor('Borrow · 1 of 6');
			// "x" and Enter in one burst: no guess (it used to become XLM); X is no coin Bitget lends, so the step says so.
			await tmux!.burstText('x\r');
			const next = await tmux!.waitFor(/X is not a coin Bitget lends/);
			expect(next).toContain('Borrow · 1 of 6');
			expect(next).not.toMatch(/Loan coin\s+XLM/);
			await tmux!.burst('C-u');
			await tmux!.burstText('us');
			const list = await tmux!.waitFor(/^\s+USDT\s*$/m);
			const rows = list.split('\n').filter((line) => /^\s+(❯ )?USD[CT]\s*$/.test(line));
			expect(rows.length).toBeGreaterThanOrEqual(2);
			await tmux!.burst('Down', 'Down', 'Enter');
			const picked = await tmux!.waitFor('Borrow · 2 of 6');
			const second = rows[1]!.trim();
			expect(picked).toContain(`borrow ${second}`);
			fitsWidth(picked);
		});

		it('keeps the estimate table in place whichever field has focus', async () => {
			await start();
			await tmux!.burstText('2');
			await tmux!.waitFor('Loan coin');
			await tmux!.burstText('USDT\tBTC\t\t1');
			const rowOf = (screen: string) => screen.split('\n').findIndex((line) => line.startsWith('Annualised rate'));
			const first = await tmux!.waitFor(/Annualised rate\s+\d/);
			fitsWidth(first);
			const row = rowOf(first);
			expect(row).toBeGreaterThan(0);
			expect(row).toBeLessThan(size.rows - 1);
			// Focus on the period, the pledge coin, the loan coin: the table stays on its row. The focus and the table are
			// drawn in one frame, so the frame that shows the new focus (with the table whole) is the one to measure.
			for (const field of ['Period', 'Pledge coin', 'Loan coin']) {
				await tmux!.burst('BTab');
				const focused = await tmux!.waitFor((screen) => new RegExp(`› ${field}`).test(screen) && /Annualised rate\s+\d/.test(screen));
				expect(rowOf(focused)).toBe(row);
			}
			// Suggestions for "USD" appear beside the form, not above the table.
			await tmux!.burst('BSpace');
			const suggesting = await tmux!.waitFor(/^.*\bUSDC\s*$/m);
			expect(suggesting).toMatch(/Loan coin\s+USD\b/);
			expect(rowOf(await tmux!.waitFor(/Annualised rate/))).toBe(row);
			await tmux!.burstText('T');
			const after = await tmux!.waitFor(/Loan coin\s+USDT[\s\S]*Annualised rate\s+\d/);
			expect(rowOf(after)).toBe(row);
		});

		it('wraps error lines instead of cutting them, fits footers with Esc kept, and says the whole size message', async () => {
			await start();
			await tmux!.burstText('2');
			await tmux!.waitFor('Loan coin');
			await tmux!.burstText('USDT\tBTC\t\t1e5');
			const error = await tmux!.waitFor(/\(no sign, exponent or\s+commas\)|\(no sign, exponent or commas\)/);
			fitsWidth(error);
			expect(error).not.toMatch(/…\s*$/m);
			const footer = error
				.split('\n')
				.filter((line) => line.trim() !== '')
				.at(-1)!;
			expect(footer).toContain('Esc back');
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('1');
			const list = await tmux!.waitFor(/of \d+ pairs/);
			expect(
				list
					.split('\n')
					.filter((line) => line.trim() !== '')
					.at(-1),
			).toMatch(/Esc back/);
			fitsWidth(list);
			tmux!.resize(50, 12);
			const small = await tmux!.waitFor(/needs at least 60x16/);
			expect(small).toMatch(/Terminal is 50x12; loan-tui needs at\s+least 60x16\./);
		});

		it('reaches every field of the symbol details, scrolling with PgUp/PgDn where they do not fit', async () => {
			await start();
			await tmux!.burstText('1');
			await tmux!.waitFor(/of \d+ pairs/);
			await tmux!.burst('Enter');
			const detail = await tmux!.waitFor('Maker fee');
			fitsWidth(detail);
			const seen = new Set(detail.split('\n').map((line) => line.split(/\s{2,}/)[0]!.trim()));
			if (detail.includes('more (PgDn)')) {
				await tmux!.waitFor(/PgUp\/PgDn scroll · Esc back/);
				await tmux!.burst('PageDown');
				const rest = await tmux!.waitFor('above (PgUp)');
				for (const line of rest.split('\n')) seen.add(line.split(/\s{2,}/)[0]!.trim());
				await tmux!.burst('PageUp');
				await tmux!.waitFor(/^Symbol\s+BTCUSDT/m);
			} else expect(size.rows).toBeGreaterThanOrEqual(30);
			for (const label of ['Max open orders', 'Regional pair', 'Listed', 'Delisting', 'Min trade amount', 'Max trade amount']) expect(seen).toContain(label);
		});

		it('sends no colour anywhere under NO_COLOR', async () => {
			const screens: string[] = [];
			const look = async (text: string | RegExp) => {
				await tmux!.waitFor(text);
				screens.push(tmux!.styledScreen());
			};
			await start({NO_COLOR: '1'}, '--demo');
			await look('Quit');
			await tmux!.burstText('?');
			await look('Keys — Home');
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('1');
			await look(/of \d+ pairs/);
			await tmux!.burst('Enter');
			await look('Maker fee');
			await tmux!.escape(/of \d+ pairs/);
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('2');
			await look('Loan coin');
			await tmux!.burstText('US');
			await look(/Loan coin\s+US\s/);
			await tmux!.burst('C-u');
			await tmux!.burstText('USDT');
			await tmux!.burst('Enter');
			await tmux!.burstText('BTC');
			await tmux!.burst('Enter', 'Enter');
			await tmux!.burstText('1');
			await look(/Annualised rate\s+\d/);
			await tmux!.send('C-b');
			await tmux!.burst('Enter');
			await look('Borrow? [y/N]');
			await tmux!.burstText('y');
			await look('Loan order created');
			await tmux!.burst('Enter');
			await tmux!.burstText('4');
			// The list's own header, not the word: the home menu says "Loans" too.
			await look(/^Loans · \d+ ongoing/m);
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('5');
			await look(/Liquidations/);
			await tmux!.escape(/Esc quit\b/);
			await tmux!.burstText('6');
			await look(/Credentials ·/);
			for (const screen of screens) expect(screen).not.toMatch(COLOUR);
			// The check can fail: without NO_COLOR the same screens are coloured.
			tmux!.kill();
			await start({}, '--demo');
			await tmux!.waitFor('Quit');
			expect(tmux!.styledScreen()).toMatch(COLOUR);
		});
	});
}
