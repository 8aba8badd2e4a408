// Keys typed while a screen loads are kept and applied once it shows (source/ui/keys/key-queue.ts): the built binary
// in a real terminal (tmux), keys in bursts, the simulator answering the screen's read late so the keys surely
// arrive while it loads. The delay only widens that window; nothing waits on it as proof.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

/** Long enough that a burst typed together with the key that opened the screen lands before the answer. */
const LATE_MS = 700;

describe.skipIf(tmuxMissing)(`keys typed while a screen loads${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({demoLoans: true});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const start = async () => {
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-'))};
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env, rows: 30});
		await tmux.waitFor('? this help');
		return tmux;
	};

	it('4 Enter from home opens the first loan, not just the list', async () => {
		const terminal = await start();
		sim.simulator.injectFault({kind: 'stall', operation: 'ongoingOrders', stallMs: LATE_MS});
		await terminal.burst('4', 'Enter');
		const screen = await terminal.waitFor('Owed now');
		expect(screen).toMatch(/Loan · \d+/);
	});

	it('Enter r on the Loans list opens the loan and starts a repay once the loan is read', async () => {
		const terminal = await start();
		await terminal.send('4');
		await terminal.waitFor('Total owed');
		sim.simulator.injectFault({kind: 'stall', operation: 'ongoingOrders', stallMs: LATE_MS});
		await terminal.burst('Enter', 'r');
		await terminal.waitFor(/Loan · \d+ .*· Repay/);
	});

	it('5 and a page down from home show the second page of History', async () => {
		// More borrows than one page holds (the terminal is 30 rows).
		const client = sim.client();
		for (let i = 0; i < 30; i++) await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.01'});
		const terminal = await start();
		sim.simulator.injectFault({kind: 'stall', operation: 'borrowHistory', stallMs: LATE_MS});
		await terminal.burst('5', 'PgDn');
		await terminal.waitFor(/page 2 of \d+/);
	});

	it('7 and End from home open Coins and show its last pledge coin', async () => {
		const terminal = await start();
		sim.simulator.injectFault({kind: 'stall', operation: 'coinInfos', stallMs: LATE_MS});
		await terminal.burst('7', 'End');
		const last = (await sim.client().coinInfos()).pledgeInfos.at(-1)!.coin;
		const screen = await terminal.waitFor(new RegExp(`\\n${last} +\\d+\\.\\d{2}%`));
		// The table's header stays on top of the scrolled rows.
		expect(screen).toMatch(/PLEDGE COIN\s+INITIAL LTV/);
	});

	it('Esc while a screen loads goes back at once, and the keys typed for it are dropped', async () => {
		const terminal = await start();
		// The list never answers: only Esc can leave it.
		sim.simulator.injectFault({kind: 'stall', operation: 'ongoingOrders'});
		// 4 and ↓ in one write: the list opens and waits, the ↓ held for it. Esc on its own write (after a key in the
		// same write ESC reads as Alt): back home at once, though the list never answers.
		await terminal.burst('4', 'Down');
		await terminal.waitFor('Reading your loans');
		await terminal.escape(/Esc quit\b/);
		await terminal.waitFor((text) => text.includes('1 ') && text.includes('Symbols') && !text.includes('Reading your loans'));
		// The ↓ typed for the list did not reach home (the first entry is still chosen), proven by a later key that
		// shows (keys are handled in order): the help, opened and closed.
		terminal.sendUnseen('?');
		await terminal.waitFor('Keys — ');
		await terminal.send('Escape');
		const screen = await terminal.waitFor((text) => text.includes('Symbols') && !text.includes('Keys — '));
		expect(screen).toMatch(/1 ❯ Symbols/);
		expect(screen).not.toMatch(/Reading your loans|Quit\?/);
	});
});
