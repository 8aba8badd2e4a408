// Completion as a person meets it: Tab pressed in an interactive bash, and in zsh with its completion system
// (compinit), in a directory full of files. With nothing cached, Tab offers nothing (never the file names); after
// one `loans --demo`, a --demo line completes coins and the open order ids.
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI, runCli} from '../helpers/cli.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

const SETUP = {
	bash: 'eval "$(loan-tui completion bash)"',
	zsh: 'autoload -Uz compinit && compinit -u -D; eval "$(loan-tui completion zsh)"',
} as const;
const START = {
	bash: `PS1='$ ' bash --norc --noprofile -i`,
	zsh: `PS1='$ ' zsh -f -i`,
} as const;

describe.skipIf(tmuxMissing)(`Tab in an interactive shell${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	for (const shell of ['bash', 'zsh'] as const) {
		it.skipIf(!has(shell))(`${shell}: nothing (no file names) with nothing cached; coins and order ids after loans --demo`, async () => {
			const bin = mkdtempSync(join(tmpdir(), 'loan-tui-bin-'));
			writeFileSync(join(bin, 'loan-tui'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
			chmodSync(join(bin, 'loan-tui'), 0o755);
			const files = mkdtempSync(join(tmpdir(), 'loan-tui-cwd-'));
			for (const name of ['README.md', 'LICENSE', '1130000000000000001.txt']) writeFileSync(join(files, name), '');
			mkdirSync(join(files, 'node_modules'));
			const cache = mkdtempSync(join(tmpdir(), 'loan-tui-nocache-'));
			tmux = Tmux.start(`cd ${files} && ${START[shell]}`, {env: {PATH: `${bin}:${process.env.PATH}`, XDG_CACHE_HOME: cache}, columns: 120});
			const t = tmux;
			let marks = 0;
			/** Runs a command line and waits for it to have run (an echo of a sum: the typed line never shows it). */
			const run = async (line: string) => {
				const mark = ++marks;
				await t.burstText(`${line}; echo MARK-${mark}-$((1+1))`);
				await t.send('Enter');
				await t.waitFor(new RegExp(`^MARK-${mark}-2\\s*$`, 'm'));
			};
			await t.waitFor(/^\$/m);
			await run(SETUP[shell]);

			for (const line of ['loan-tui estimate --loan-coin ', 'loan-tui borrow --pledge-coin ', 'loan-tui repay ', 'loan-tui collateral ']) {
				await t.burstText(line);
				// Two Tabs list what there is; nothing shows when there is nothing. The next command proves the Tabs
				// were handled (the shell reads them before it), and the screen then holds whatever they listed.
				t.sendUnseen('Tab', 'Tab', 'C-u');
				await run(':');
				expect(t.screen()).not.toMatch(/README|LICENSE|node_modules|\.txt/);
				await run('clear');
			}

			await run('loan-tui loans --demo > /dev/null; clear');
			const orders = (JSON.parse(readFileSync(join(cache, 'loan-tui', 'orders-demo-default.json'), 'utf8')) as {orders: string[]}).orders;
			expect(orders.length).toBeGreaterThan(1);
			// Typed up to where the candidates part (bash lists on the second Tab only when the first added nothing).
			await t.burstText('loan-tui estimate --demo --loan-coin USD');
			t.sendUnseen('Tab', 'Tab');
			await t.waitFor((screen) => /\bUSDC\b/.test(screen) && /\bUSDT\b/.test(screen));
			t.sendUnseen('C-u');
			await run('clear');
			let common = orders[0]!;
			for (const id of orders) while (!id.startsWith(common)) common = common.slice(0, -1);
			await t.burstText(`loan-tui repay --demo ${common}`);
			t.sendUnseen('Tab', 'Tab');
			const listed = await t.waitFor((screen) => orders.every((id) => screen.includes(id)));
			expect(listed).not.toMatch(/README|LICENSE|node_modules|\.txt/);
		});
	}

	it('the app under --demo: the Loans screen leaves its open order ids for `repay --demo <Tab>`, never in the real cache', async () => {
		const cache = mkdtempSync(join(tmpdir(), 'loan-tui-nocache-'));
		tmux = Tmux.start(`node ${CLI} --demo`, {env: {XDG_CACHE_HOME: cache}});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		await tmux.waitFor('Total owed');
		const file = join(cache, 'loan-tui', 'orders-demo-default.json');
		// Written as the list arrives; waited for, within a bound.
		for (const deadline = Date.now() + 15_000; !existsSync(file);) {
			if (Date.now() > deadline) throw new Error('the Loans screen never wrote its order ids');
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		const orders = (JSON.parse(readFileSync(file, 'utf8')) as {orders: string[]}).orders;
		expect(orders).toHaveLength(2);
		const env = {XDG_CACHE_HOME: cache};
		expect((await runCli(['__complete', 'repay', '--demo', ''], {env})).stdout.split('\n').filter(Boolean).sort()).toEqual([...orders].sort());
		expect((await runCli(['__complete', 'repay', ''], {env})).stdout).toBe('');
		expect((await runCli(['__complete', 'estimate', '--demo', '--pledge-coin', 'BT'], {env})).stdout).toBe('BTC\n');
		expect(
			readdirSync(join(cache, 'loan-tui'))
				.filter((name) => /^(coins|orders)-/.test(name))
				.sort(),
		).toEqual(['coins-demo.json', 'orders-demo-default.json']);
	});
});
