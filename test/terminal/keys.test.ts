// Keys that mean what they say, in a real terminal (tmux, keys in bursts): the period by meaning, remembered values
// that step aside, readline's editing keys in text fields.
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`keys that mean what they say${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const start = async (env: NodeJS.ProcessEnv = {}) => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: {...TEST_CREDENTIAL_ENV, ...env}});
		await tmux.waitFor('? this help');
		return tmux;
	};

	it('Borrow step 3: "30" in one burst ends on THIRTY, f on FLEXIBLE, 7 on SEVEN; ←/→ move; the keys are shown', async () => {
		const terminal = await start();
		await terminal.burstText('3');
		await terminal.waitFor('Borrow · 1 of 6');
		await terminal.burstText('usdt\r');
		await terminal.waitFor('Borrow · 2 of 6');
		await terminal.burstText('btc\r');
		// The footer is drawn from the step's key table: waited for with the step.
		const period = await terminal.waitFor(/Borrow · 3 of 6[\s\S]*7\/3\/f period/);
		expect(period).toMatch(/7 ❯ SEVEN/);
		expect(period).toMatch(/3 +THIRTY/);
		expect(period).toMatch(/f +FLEXIBLE/);
		await terminal.burstText('30');
		await terminal.waitFor('❯ THIRTY');
		await terminal.burstText('f');
		await terminal.waitFor('❯ FLEXIBLE');
		await terminal.burst('Right');
		await terminal.waitFor('❯ SEVEN');
		await terminal.burst('Left');
		await terminal.waitFor('❯ FLEXIBLE');
		await terminal.burstText('t');
		await terminal.waitFor('❯ THIRTY');
		// "30" then Enter in one write: the 0 is no key here, the period stays THIRTY.
		await terminal.burstText('730\r');
		const next = await terminal.waitFor('Borrow · 4 of 6');
		expect(next).toMatch(/borrow USDT · pledge BTC · 30 days/);
		expect(next).toMatch(/1 ❯ Pledge amount/);
		expect(next).toMatch(/2 +Loan amount/);
	});

	it('Estimate: the period takes 7/3/f and ←/→, "30" ends on 30 days; the home menu shows its numbers', async () => {
		const terminal = await start();
		const home = terminal.screen();
		expect(home).toMatch(/1 ❯ Symbols/);
		expect(home).toMatch(/2 +Estimate/);
		await terminal.burstText('2');
		await terminal.waitFor('Loan coin');
		await terminal.burstText('USDT\tBTC\t');
		await terminal.waitFor(/› Period\s+‹ 7 days ›/);
		await terminal.burstText('30');
		await terminal.waitFor(/› Period\s+‹ 30 days ›/);
		await terminal.burst('Right');
		await terminal.waitFor(/› Period\s+‹ flexible term ›/);
		await terminal.burst('Left');
		await terminal.waitFor(/› Period\s+‹ 30 days ›/);
		await terminal.burstText('f');
		await terminal.waitFor(/› Period\s+‹ flexible term ›/);
		await terminal.burstText('30\t');
		const left = await terminal.waitFor(/› Pledge amount/);
		expect(left).toMatch(/Period\s+30 days/);
	});

	it('text fields: 1, Ctrl+A, End, 5 gives 15; Home, Alt+B/F, Ctrl+W and Ctrl+U as readline', async () => {
		const terminal = await start();
		await terminal.burstText('3');
		await terminal.waitFor('Borrow · 1 of 6');
		await terminal.burstText('1');
		await terminal.waitFor(/Loan coin\s+1/);
		await terminal.burst('C-a', 'End', '5');
		await terminal.waitFor(/Loan coin\s+15/);
		await terminal.burst('Home', '0');
		await terminal.waitFor(/Loan coin\s+015/);
		await terminal.burst('C-u');
		await terminal.burstText('ab cd');
		await terminal.waitFor(/Loan coin\s+ab cd/);
		await terminal.burst('M-b', 'X');
		await terminal.waitFor(/Loan coin\s+ab Xcd/);
		await terminal.burst('C-a', 'M-f', 'Y');
		await terminal.waitFor(/Loan coin\s+abY Xcd/);
		await terminal.burst('End', 'C-w');
		await terminal.waitFor((screen) => /Loan coin\s+abY\s*$/m.test(screen));
	});

	it('a remembered coin steps aside: second start, typing usdc gives usdc; Enter keeps; End edits; a coin refused is not kept', async () => {
		const config = mkdtempSync(join(tmpdir(), 'loan-tui-keys-config-'));
		const terminal = await start({XDG_CONFIG_HOME: config});
		// The first run: an estimate the server answers (kept), then a loan coin Bitget does not lend (not kept).
		await terminal.burstText('2');
		await terminal.waitFor('Loan coin');
		await terminal.burstText('USDT\tBTC\t\t1');
		await terminal.waitFor(/Annualised rate\s+\d/);
		await terminal.burst('Tab');
		await terminal.waitFor(/› Loan coin/);
		// The remembered USDT is selected; End edits it. USDTE is no coin the list knows: refused on the field once it
		// is left, with the coins to try, and never sent (ui/fields/coin-rules.ts).
		await terminal.burst('End', 'E');
		const typed = await terminal.waitFor(/Loan coin\s+USDTE/);
		expect(typed).not.toMatch(/borrow USDTE/);
		await terminal.burst('Tab');
		const refused = await terminal.waitFor(/USDTE is not a coin Bitget lends/);
		expect(refused).not.toMatch(/Estimate: pledge 1 BTC, borrow USDTE/);
		await terminal.burst('Escape');
		await terminal.waitFor(/Esc quit/);
		await terminal.burstText('q');
		await terminal.waitFor('EXIT=0');
		terminal.kill();
		const settings = readFileSync(join(config, 'loan-tui', 'settings.json'), 'utf8');
		expect(settings).toContain('"loanCoin": "USDT"');
		expect(settings).not.toContain('USDTE');

		// The second start opens with what the server accepted, the coin selected.
		const again = await start({XDG_CONFIG_HOME: config});
		await again.burstText('2');
		const estimate = await again.waitFor(/Annualised rate\s+\d/);
		expect(estimate).toMatch(/› Loan coin\s+USDT/);
		await again.burstText('usdc');
		await again.waitFor(/Loan coin\s+usdc/);
		expect(again.screen()).not.toMatch(/USDTusdc/i);
		await again.burst('Escape');
		await again.waitFor(/Esc quit/);
		// Borrow: Enter keeps the remembered coin; End edits it.
		await again.burstText('3');
		await again.waitFor('Borrow · 1 of 6');
		await again.burstText('usdt\r');
		await again.waitFor('Borrow · 2 of 6');
		await again.burst('Escape');
		await again.waitFor(/Borrow · 1 of 6[\s\S]*Loan coin\s+USDT/);
		await again.burst('End', 'E');
		await again.waitFor(/Loan coin\s+USDTE/);
		await again.burst('BSpace', 'Enter');
		await again.waitFor('Borrow · 2 of 6');
	});
});
