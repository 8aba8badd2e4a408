// The Estimate screen's manners in a real terminal (tmux), the built binary, keys in bursts: an amount on its way is
// no error, a wrong one is named where the estimate would be, and a repayment above what is owed names the app's way
// to all of it (never a CLI flag).
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`estimate and repay manners${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({demoLoans: true});
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	const start = async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV, rows: 30});
		await tmux.waitFor('? this help');
		return tmux;
	};

	it('1. on the way to 1.5 is no error; leaving it is; an invalid amount is named where the estimate would be', async () => {
		const terminal = await start();
		await terminal.send('2');
		await terminal.waitFor('Loan coin');
		await terminal.burstText('USDT');
		await terminal.burst('Enter');
		await terminal.burstText('BTC');
		await terminal.burst('Enter', 'Enter');
		await terminal.waitFor('› Pledge amount');
		await terminal.burstText('1.');
		const typing = await terminal.waitFor(/Pledge amount\s+1\./);
		expect(typing).not.toContain('✗');
		await terminal.burstText('5');
		await terminal.waitFor(/Estimate: pledge 1\.5 BTC, borrow USDT/);
		await terminal.burst('BSpace', 'BSpace', 'BSpace');
		await terminal.waitFor('type the pledge amount');
		await terminal.burstText('1e3');
		const wrong = await terminal.waitFor(/For the estimate of all three periods: pledge amount must be/);
		expect(wrong).not.toContain('Fill in every field');
	});

	it('by loan amount (Ctrl+T) fits 60x16: the form, the five rows of figures and the check, nothing wrapped', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV, columns: 60, rows: 16});
		await tmux.waitFor('? this help');
		await tmux.send('2');
		await tmux.waitFor('Loan coin');
		await tmux.burstText('USDT');
		await tmux.burst('Enter');
		await tmux.burstText('BTC');
		await tmux.burst('Enter', 'Enter');
		await tmux.waitFor('› Pledge amount');
		await tmux.send('C-t');
		await tmux.waitFor('› Loan amount');
		// An amount whose hourly interest carries enough digits in every period, so each rate is the estimate's own.
		await tmux.burstText('12345');
		const screen = await tmux.waitFor(/a second agrees/);
		for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
		// Every row on screen at once, above the footer: the label shortened to fit the narrow columns.
		expect(screen).toMatch(/Collateral \(BTC\)\s+[\d.]+\s+[\d.]+\s+[\d.]+/);
		expect(screen).toMatch(/Annualised rate\s+[\d.]+%( ←)?\s+[\d.]+%( ←)?\s+[\d.]+%/);
		expect(screen).toContain('Estimate: borrow 12345 USDT against BTC');
		expect(screen).toContain('Esc back');
	});

	it('a repayment above what is owed names the app’s way to all of it, and that way works', async () => {
		const terminal = await start();
		await terminal.burst('4', 'Enter');
		await terminal.waitFor('Owed now');
		await terminal.burst('r', '2', 'Enter');
		await terminal.waitFor('› Repay (USDT)');
		await terminal.burstText('99999999');
		await terminal.burst('Enter');
		const refused = (await terminal.waitFor('repay all of it instead')).replace(/\s+/g, ' ');
		// The amount owed written as everywhere else on the screen (format/money.ts), the way in the app's words.
		expect(refused).toContain('that is more than the 23,400.8190 USDT owed; repay all of it instead (Esc, then choose All)');
		expect(refused).not.toContain('--all');
		// Esc on its own write: ESC and 1 in one write read as Alt+1, as in any terminal program.
		await terminal.escape(/All — principal and interest/);
		await terminal.burst('1', 'Enter');
		await terminal.waitFor(/Repay\? \[y\/N\]|\[y\/N\]/);
	});
});
