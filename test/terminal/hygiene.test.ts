// However the app ends (Ctrl+C, a signal, an unexpected error), the terminal is left as it was found:
// canonical mode (raw mode off), cursor visible, the shell's screen back.
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {deadBaseUrl} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const CRASH_HOOK = fileURLToPath(new URL('../helpers/crash-hook.mjs', import.meta.url));
/** Runs the app, then reports its exit status and whether canonical mode is on. */
const wrapped = (command: string) => `stty sane; ${command}; echo "EXIT=$?"; stty -a | grep -o -- '-\\?icanon' | head -1`;

function expectRestored(tmux: Tmux, screen: string, exit: number): void {
	expect(screen).toContain(`EXIT=${exit}`);
	expect(screen).toMatch(/^icanon$/m);
	expect(tmux.cursorVisible()).toBe(true);
	expect(screen).not.toContain('? this help');
	expect(screen).not.toContain('Credentials  API key');
}

describe.skipIf(tmuxMissing)(`terminal hygiene${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('SIGTERM restores the terminal and exits 143', async () => {
		tmux = Tmux.start(wrapped(`node ${CLI} --demo`));
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		await tmux.waitFor(/of \d+ pairs/);
		process.kill(await tmux.descendantPid(CLI), 'SIGTERM');
		expectRestored(tmux, await tmux.waitFor(/icanon/), 143);
	});

	it('an unexpected error restores the terminal, says what happened in one line, and exits 1', async () => {
		tmux = Tmux.start(wrapped(`node ${CLI} --demo`), {env: {NODE_OPTIONS: `--import ${CRASH_HOOK}`}});
		await tmux.waitFor('? this help');
		// The crash comes with the frame of this key (the hook waits for it): the app is up, and the test saw it.
		await tmux.send('Down');
		const screen = await tmux.waitFor(/icanon/);
		expectRestored(tmux, screen, 1);
		expect(screen).toContain('loan-tui: the app stopped on an unexpected error: injected crash');
		// The error text is shown with its escape sequence neutralised, and no stack trace.
		expect(screen).not.toMatch(/\n\s+at /);
	});

	it('errors that keep coming end the app all the same: the terminal restored, one line, exit 1', async () => {
		tmux = Tmux.start(wrapped(`node ${CLI} --demo`), {env: {NODE_OPTIONS: `--import ${CRASH_HOOK}`, CRASH_HOOK_LOOP: '1'}});
		await tmux.waitFor('? this help');
		await tmux.send('Down');
		const screen = await tmux.waitFor(/icanon/);
		expectRestored(tmux, screen, 1);
		expect(screen).toContain('loan-tui: the app stopped on an unexpected error: injected crash, on every turn');
		expect(screen).not.toMatch(/\n\s+at /);
	});

	it('after a server error on screen, Ctrl+C still restores the terminal and exits 0', async () => {
		tmux = Tmux.start(wrapped(`node ${CLI} --base-url ${await deadBaseUrl()}`));
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
		await tmux.waitFor('Ctrl+R to retry');
		expect(tmux.screen()).toContain('connection refused');
		await tmux.send('C-c');
		expectRestored(tmux, await tmux.waitFor(/icanon/), 0);
	});
});

describe.skipIf(tmuxMissing)(`drawing from a busy shell${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('starts at the top of the screen however much the shell printed before, and leaves no stale lines', async () => {
		tmux = Tmux.start(`seq 1 60; node ${CLI} --demo`, {rows: 24});
		const home = await tmux.waitFor('? this help');
		expect(home.split('\n')[0]).toMatch(/^loan-tui · demo/);
		expect(home).not.toMatch(/^\d+$/m);
		await tmux.send('Down');
		await tmux.send('Down');
		await tmux.send('Enter');
		const wizard = await tmux.waitFor('Borrow · 1 of 6');
		expect(wizard.split('\n')[0]).toMatch(/^loan-tui · demo/);
		// Nothing of the home menu is left behind.
		expect(wizard).not.toContain('what a loan costs');
		await tmux.send('C-c');
		const after = await tmux.waitFor('EXIT=0');
		// Back on the shell's own screen: its output is there again.
		expect(after).toMatch(/^60$/m);
	});
});
