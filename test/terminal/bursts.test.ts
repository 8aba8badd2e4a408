// Keys in bursts and bracketed pastes through the built binary in a real terminal (tmux): several keys in one
// write reach the app in one read, and every one of them counts, in order.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`bursts and pastes in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({extraSymbols: 50});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const start = async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV});
		await tmux.waitFor('? this help');
		return tmux;
	};

	const toAmountStep = async (terminal: Tmux) => {
		await terminal.burst('Down', 'Down', 'Enter');
		await terminal.waitFor('Borrow · 1 of 6');
		await terminal.burstText('usdt');
		await terminal.send('Enter');
		await terminal.waitFor('Borrow · 2 of 6');
		await terminal.burstText('btc');
		await terminal.burst('Enter', 'Enter', 'Enter');
		await terminal.waitFor('Borrow · 5 of 6');
	};

	it('↓↓ and Enter in one write on home open Borrow', async () => {
		const terminal = await start();
		await terminal.burst('Down', 'Down', 'Enter');
		await terminal.waitFor('Borrow · 1 of 6');
	});

	it('jjj in one write moves the list three rows', async () => {
		const terminal = await start();
		await terminal.send('Enter');
		await terminal.waitFor(/[1-9]\d* of \d+ pairs/);
		await terminal.send('Tab');
		const rows = (screen: string) => screen.split('\n').filter((line) => /^[› ] [A-Z0-9]+ +[A-Z0-9]+ +[A-Z0-9]+ /.test(line) && !line.includes('SYMBOL'));
		const before = rows(await terminal.waitFor((screen) => rows(screen)[0]?.startsWith('›') === true));
		expect(before[0]).toMatch(/^›/);
		await terminal.burstText('jjj');
		const after = rows(await terminal.waitFor((screen) => rows(screen).findIndex((line) => line.startsWith('›')) >= 3));
		expect(after.findIndex((line) => line.startsWith('›'))).toBe(3);
		expect(after[3]!.slice(2)).toBe(before[3]!.slice(2));
	});

	it('two Backspaces in one write delete two characters', async () => {
		const terminal = await start();
		await terminal.burst('Down', 'Down', 'Enter');
		await terminal.waitFor('Borrow · 1 of 6');
		await terminal.burstText('usdtxx');
		await terminal.waitFor(/Loan coin\s+usdtxx/);
		await terminal.burst('BSpace', 'BSpace');
		const screen = await terminal.waitFor((text) => !/Loan coin\s+usdtx/.test(text));
		expect(screen).toMatch(/Loan coin\s+usdt(?!x)/);
	});

	it('a bracketed paste of 0.5 lands in the amount field', async () => {
		const terminal = await start();
		await toAmountStep(terminal);
		await terminal.paste('0.5');
		await terminal.waitFor(/Pledge \(BTC\)\s+0\.5/);
		await terminal.send('Enter');
		await terminal.waitFor(/Pledge amount\s+0\.5 BTC/);
	});

	it('a bracketed paste holding y on the review posts nothing; a typed y posts once', async () => {
		const terminal = await start();
		await toAmountStep(terminal);
		await terminal.burstText('0.25');
		await terminal.send('Enter');
		await terminal.waitFor('Borrow? [y/N]');
		// Dropped pastes change nothing on screen: the n after them, handled after them, is the proof they were read.
		terminal.pasteUnseen('y');
		terminal.pasteUnseen('yes\ny\n');
		// Keys after the pastes are read and handled (n goes back to the amount): the pastes were read, and dropped.
		await terminal.send('n');
		await terminal.waitFor('Borrow · 5 of 6');
		// A paste that confirmed would have made the review busy (n ignored) or posted: by the time n went back, nothing
		// was sent; the one POST at the end is the typed y's.
		expect(sim.posts()).toEqual([]);
		await terminal.send('Enter');
		await terminal.waitFor('Borrow? [y/N]');
		await terminal.send('y');
		await terminal.waitFor('Loan order created');
		expect(sim.posts()).toHaveLength(1);
		expect(JSON.parse(sim.posts()[0]!.body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.25'});
	});

	it('every Esc of one write counts: two go back two screens; seven stop at the quit question without answering it', async () => {
		const terminal = await start();
		const toHistory = async () => {
			await terminal.burstText('4');
			await terminal.waitFor(/Esc back/);
			await terminal.burstText('h');
			await terminal.waitFor('[1 Loans]');
		};
		await toHistory();
		await terminal.burst('Escape', 'Escape');
		// One Esc would leave Loans on top (its footer says "Esc back"); home without the question says "Esc quit".
		await terminal.waitFor(/Esc quit/);
		expect(await terminal.screen()).not.toContain('Quit loan-tui?');
		await toHistory();
		await terminal.burst('Escape', 'Escape', 'Escape', 'Escape', 'Escape', 'Escape', 'Escape');
		await terminal.waitFor('Quit loan-tui? Esc again quits');
		// j, handled after the seven Escs, answers "stay" and moves the menu: the app did not quit.
		await terminal.burstText('j');
		const stayed = await terminal.waitFor('❯ Estimate');
		expect(stayed).not.toContain('EXIT=');
		await terminal.escape('Quit loan-tui? Esc again quits');
		await terminal.escape('EXIT=0');
	});

	it('Ctrl+B by loan amount opens the wizard with the loan amount; two Escs in one write leave it and the estimate', async () => {
		const terminal = await start();
		await terminal.burstText('2');
		await terminal.waitFor('Loan coin');
		await terminal.burstText('USDT');
		await terminal.burst('Enter');
		await terminal.burstText('BTC');
		await terminal.burst('Enter', 'Enter');
		await terminal.waitFor(/› Pledge amount/);
		await terminal.burst('C-t');
		await terminal.waitFor(/› Loan amount/);
		await terminal.burstText('10000');
		await terminal.waitFor(/a second agrees|Collateral needed \(BTC\)\s+\d/);
		await terminal.burst('C-b');
		const wizard = await terminal.waitFor('Borrow · 5 of 6');
		expect(wizard).toContain('by loan amount');
		expect(wizard).toMatch(/Loan \(USDT\)\s+10000/);
		await terminal.burst('Escape', 'Escape');
		// One Esc would leave the estimate on top; two leave it too, and home does not ask yet.
		await terminal.waitFor(/Esc quit/);
		expect(await terminal.screen()).not.toContain('Quit loan-tui?');
	});
});
