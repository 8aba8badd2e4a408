// The Loans screens of the built binary in a real terminal (tmux) against the simulator: keys in bursts, and the
// simulator's request log as the proof of one POST per y.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {CLI, runCli} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

/** A screen's text as one line: box edges and line breaks folded into single spaces (the box wraps long lines). */
const oneLine = (screen: string) => screen.replace(/[║│\s]+/g, ' ');

describe.skipIf(tmuxMissing)(`Loans screens in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({demoLoans: true});
	let tmux: Tmux | undefined;
	let tight = '';
	let calm = '';
	afterEach(() => tmux?.kill());
	beforeEach(() => {
		({tight, calm} = sim.demoLoanIds());
	});
	const start = async () => {
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-'))};
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		return tmux.waitFor('Total owed');
	};
	const posts = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation && r.method === 'POST');
	const reads = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation).length;
	/** Opens the loan on the list's row `row` (0: the riskiest). */
	const openLoan = async (row: number) => {
		await tmux!.burst(...Array<string>(row).fill('Down'), 'Enter');
		return tmux!.waitFor('Owed now');
	};

	it('lists the loans riskiest first, the gauge with its numbers, and refreshes on Ctrl+R', async () => {
		const screen = await start();
		const lines = screen.split('\n');
		const warn = lines.findIndex((line) => line.includes('▵ WARN'));
		expect(warn).toBeGreaterThan(0);
		// At 100 columns a loan's figures take two lines (every amount at its coin's precision), then the gauge.
		expect(lines.findIndex((line) => line.includes('✓ ok'))).toBe(warn + 3);
		expect(lines[warn + 2]).toContain('LTV 75.73% / call 80.00% / liq 90.00% · falls: 5.34% to call, 15.85% to liq');
		expect(screen).toMatch(/updated \d+ s ago/);
		const before = reads('ongoingOrders');
		await tmux!.send('C-r');
		// Ctrl+R reads again (waited for on the request log; the 15 s refresh could add more, so no exact count).
		await expect.poll(() => reads('ongoingOrders'), {timeout: 10_000}).toBeGreaterThan(before);
		// A loan that crosses its margin call moves up and says so in words (from the live price at once, then from the read
		// Ctrl+R makes).
		sim.simulator.loans.setPrice('BTC', '23000');
		await tmux!.send('C-r');
		const after = await tmux!.waitFor(/▴ MARGIN CALL[\s\S]*▵ WARN/);
		expect(after.indexOf('▴ MARGIN CALL')).toBeLessThan(after.indexOf('▵ WARN'));
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('the LTV follows a price pushed on the ticker stream at once, marked live until the next read', async () => {
		await start();
		await tmux!.waitFor('LIQ AT');
		await expect
			.poll(() => sim.simulator.tickerStream.subscriptions.some((record) => record.instId === 'ETHUSDT' && record.op === 'subscribe'), {timeout: 10_000})
			.toBe(true);
		// ETH from 1,545 to 1,460: 75.73 × 1,545 / 1,460 = 80.14 %. "(live)" is only ever a projection from a price (a read
		// of the loans shows the server's LTV unmarked), so no count of reads is needed (the 15 s refresh may add one).
		sim.simulator.setPrice('ETH', '1460');
		const live = await tmux!.waitFor(/LTV ≈80\.14% \(live\)[\s\S]*▲ worse: ETH\/USDT/);
		expect(live).toMatch(/▴ MARGIN CALL/);
		// Ctrl+R reads the loans: the server's LTV replaces the projection, no longer marked.
		await tmux!.send('C-r');
		const read = await tmux!.waitFor(/LTV 80\.14% \/ call/);
		expect(read).not.toContain('(live)');
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('repays part and keeps the collateral: one POST for a burst of y y', async () => {
		await start();
		await openLoan(1);
		await tmux!.burst('r', 'Down', 'Enter');
		await tmux!.waitFor('Repay (USDT)');
		await tmux!.burstText('250');
		await tmux!.burst('Enter', 'Down', 'Enter');
		const review = await tmux!.waitFor('Repay? [y/N]');
		expect(review).toMatch(/Repay\s+250 USDT of ≈ 9,382\.7780 USDT owed/);
		expect(review).toMatch(/Collateral\s+kept \(none released\)/);
		await tmux!.burstText('yy');
		const done = await tmux!.waitFor('now: owes');
		expect(done).toContain('✓ Repaid 250.0000 USDT — the loan stays open; collateral kept');
		expect(done).toMatch(/Paid\s+250\.0000 USDT/);
		expect(done).toMatch(/Interest paid\s+2\.7780 USDT/);
		expect(done).toMatch(/Principal paid\s+247\.2220 USDT/);
		expect(done).toMatch(/Released\s+none \(the BTC stays pledged\)/);
		expect(posts('repay')).toHaveLength(1);
		expect(JSON.parse(posts('repay')[0]!.body)).toEqual({orderId: calm, repayAll: 'no', amount: '250', repayUnlock: 'no', method: 'borrowed_coin'});
		// Back on the list, "sent from here" reads the local history file the money post wrote.
		await tmux!.send('Enter');
		await tmux!.waitFor('Owed now');
		await tmux!.send('Escape');
		await tmux!.waitFor('Total owed');
		await tmux!.send('s');
		// The section whole: its heading, then the record once read (it says "Reading…" meanwhile).
		const sent = await tmux!.waitFor(/Loans · sent from here[\s\S]*repay\s+✓ done/);
		expect(sent).not.toContain('Reading what was sent');
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('repays all at 60×16: the result and the loan after it say it is closed, in words; only Esc applies', async () => {
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-'))};
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env, columns: 60, rows: 16});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		await tmux.waitFor('Total pledged');
		// The calm BTC loan is the second row.
		await tmux.burst('Down', 'Enter');
		await tmux.waitFor('Owed now');
		await tmux.burst('r', 'Enter');
		await tmux.waitFor('Repay? [y/N]');
		await tmux.burstText('y');
		const done = oneLine(await tmux.waitFor('Enter or Esc: back'));
		expect(done).toContain('✓ Repaid in full — the loan is closed; 0.50000000 BTC released');
		expect(done).not.toMatch(/repayAmount|payInterest|repayUnlockAmount|LTV 70\.02%/);
		await tmux.send('Enter');
		const closed = await tmux.waitFor('Nothing is owed on it any more');
		expect(oneLine(closed)).toContain('✓ Repaid in full — the loan is closed; 0.50000000 BTC released');
		expect(closed).not.toContain('no longer open');
		const footer = closed.trimEnd().split('\n').at(-1)!;
		expect(footer).not.toMatch(/\br\b|\ba\b|\bw\b/);
		expect(posts('repay')).toHaveLength(1);
		expect(JSON.parse(posts('repay')[0]!.body)).toMatchObject({orderId: calm, repayAll: 'yes'});
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('adds and withdraws collateral; a withdrawal to the margin call is refused before sending', async () => {
		await start();
		await openLoan(0);
		await tmux!.burst('w');
		await tmux!.burstText('3');
		await tmux!.send('Enter');
		await tmux!.waitFor('at or above the margin-call LTV of 80.00%');
		// Refused on the form, no review: nothing sent, and the exact list of POSTs at the end has no withdrawal of 3.
		expect(posts('revisePledge')).toEqual([]);
		await tmux!.burst('C-u');
		await tmux!.burstText('0.5');
		await tmux!.send('Enter');
		await tmux!.waitFor('Withdraw collateral? [y/N]');
		await tmux!.send('y');
		// Past "max withdrawable" (75.73 % → 77.67 %, the call at 80 %): a second question before anything is sent.
		await tmux!.waitFor('Withdraw anyway, to an LTV of 77.67%, 2.33 points from the margin call? [y/N]');
		expect(posts('revisePledge')).toEqual([]);
		await tmux!.send('y');
		await tmux!.waitFor('✓ Withdrew 0.50000000 ETH of collateral — LTV now 77.67%');
		await tmux!.send('Enter');
		await tmux!.waitFor('Owed now');
		await tmux!.burst('a');
		await tmux!.burstText('4');
		await tmux!.send('Enter');
		const review = await tmux!.waitFor('Add collateral? [y/N]');
		expect(review).toMatch(/LTV\s+77\.67% → 64\.45% at today's price/);
		await tmux!.burstText('y');
		await tmux!.waitFor(/✓ Added 4\.00000000 ETH of collateral — LTV now 64\.4\d%/);
		expect(posts('revisePledge').map((post) => JSON.parse(post.body))).toEqual([
			{orderId: tight, amount: '0.5', pledgeCoin: 'ETH', reviseType: 'OUT'},
			{orderId: tight, amount: '4', pledgeCoin: 'ETH', reviseType: 'IN'},
		]);
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('history pages through the repayments, newest first', async () => {
		const client = sim.client();
		for (let i = 1; i <= 30; i++) await client.repay({orderId: calm, repayAll: false, amount: String(i), repayUnlock: false});
		await start();
		await tmux!.send('h');
		await tmux!.waitFor('[1 Loans]');
		await tmux!.send('Right');
		const first = await tmux!.waitFor(/page 1 of 2 · records 1-24 of 30, newest first/);
		expect(first).toMatch(new RegExp(`${calm}\\s+30\\.0000 USDT`));
		await tmux!.send('PageDown');
		const second = await tmux!.waitFor('page 2 of 2 · records 25-30 of 30');
		expect(second).toMatch(new RegExp(`${calm}\\s+1\\.0000 USDT`));
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	for (const operation of ['repay', 'revisePledge'] as const) {
		it(`after a lost ${operation} answer the app reads the loans again and says what it found; one POST`, async () => {
			await start();
			await openLoan(1);
			if (operation === 'repay') {
				await tmux!.burst('r', 'Down', 'Enter');
				await tmux!.burstText('40');
				await tmux!.burst('Enter', 'Enter');
				await tmux!.waitFor('Repay? [y/N]');
			} else {
				await tmux!.burst('a');
				await tmux!.burstText('0.2');
				await tmux!.send('Enter');
				await tmux!.waitFor('Add collateral? [y/N]');
			}
			sim.simulator.injectFault({kind: 'reset-after-order', operation});
			await tmux!.burstText('yy');
			// The box wraps its lines: read it as one text.
			const found = oneLine(await tmux!.waitFor('Checked since: found a match', 15_000));
			expect(found).toContain('OUTCOME UNKNOWN');
			expect(found).toContain(operation === 'repay' ? `found a repayment of 40 USDT on order ${calm}` : `found 0.2 BTC added on order ${calm}`);
			expect(posts(operation)).toHaveLength(1);
			// An outcome that was unknown this session: exit 3, and a line for it once the screen is restored.
			await tmux!.send('C-c');
			// The shell's lines wrap at the terminal's width: joined again without the breaks.
			const after = (await tmux!.waitFor(/EXIT=\d+/)).split('\n').join('');
			expect(after).toContain('EXIT=3');
			expect(after).toContain(`loan-tui: outcome unknown: ${operation === 'repay' ? 'repay' : 'collateral'} orderId=${calm}`);
			expect(after).toContain('checked since: found a match');
		});
	}

	it('a collateral change answered 40015 on HTTP 500 after it was done, then q: exit 3, one line per unknown outcome, the finding in the record', async () => {
		const state = mkdtempSync(join(tmpdir(), 'loan-tui-state-'));
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: state}});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		await tmux.waitFor('Total owed');
		await openLoan(1);
		await tmux.burst('a');
		await tmux.burstText('0.2');
		await tmux.send('Enter');
		await tmux.waitFor('Add collateral? [y/N]');
		sim.simulator.injectFault({
			kind: 'raw-after-acting',
			operation: 'revisePledge',
			status: 500,
			body: JSON.stringify({code: '40015', msg: 'System is abnormal, please try again later', requestTime: Date.now(), data: null}),
		});
		await tmux.burstText('y');
		const found = oneLine(await tmux.waitFor('Checked since: found a match', 15_000));
		expect(found).toContain('the server answered 40015 System is abnormal, please try again later (HTTP 500)');
		expect(found).not.toMatch(/refused/i);
		// Back to the loan, then quit with q.
		await tmux.send('Enter');
		await tmux.waitFor('Owed now');
		await tmux.send('q');
		const after = (await tmux.waitFor(/EXIT=\d+/)).split('\n').join('');
		expect(after).toContain('EXIT=3');
		expect(after).toContain(`loan-tui: outcome unknown: collateral orderId=${calm} amount=0.2 pledgeCoin=BTC reviseType=IN; checked since: found a match`);
		expect(posts('revisePledge')).toHaveLength(1);
		const history = await runCli(['history', '--local', '--json'], {env: {XDG_STATE_HOME: state}});
		expect(history.code, history.stderr).toBe(0);
		const [record] = JSON.parse(history.stdout) as Array<Record<string, unknown>>;
		expect(record).toMatchObject({operation: 'collateral', outcome: 'unknown', orderId: calm});
		expect(JSON.stringify(record)).toContain('"found"');
	});

	it('after a lost borrow answer the borrow wizard reads the loans again and names the order; one POST', async () => {
		const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-'))};
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env});
		await borrowToReview(tmux, '0.3');
		await tmux.waitFor('Borrow? [y/N]');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await tmux.burstText('yy');
		const found = oneLine(await tmux.waitFor('Checked since: found a match', 15_000));
		expect(found).toContain(`found order ${sim.simulator.orders[0]!.orderId}: same coins, period and pledge amount`);
		expect(posts('borrow')).toHaveLength(1);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=3');
	});

	for (const [columns, rows] of [
		[100, 30],
		[60, 16],
	] as const) {
		it(`prices at ${columns}×${rows}: the borrow review (starts at 70 %, margin call, liquidation) and the Loans list's price columns`, async () => {
			const env = {...TEST_CREDENTIAL_ENV, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'loan-tui-state-'))};
			tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env, columns, rows});
			await borrowToReview(tmux, '0.5');
			// 0.5 BTC at 26,800 lends 9,380 USDT: 70 % at the start; 26,800 × 70 / 80 and 26,800 × 70 / 90.
			const review = await tmux.waitFor((screen) => /Liquidation at/.test(screen) && /Borrow\? \[y\/N\]/.test(screen) && !/Checking/.test(screen));
			expect(review).toMatch(/Price\s+BTC 26,800\.0000 USDT, \d+ s ago/);
			expect(review).toMatch(/Margin call at\s+23,450\.0000 USDT, 12\.50% below/);
			expect(review).toMatch(/Liquidation at\s+20,844\.4444 USDT, 22\.22% below/);
			expect(review).toMatch(/Starts at LTV\s+70\.00% \(call 80\.00%, liq 90\.00%\)/);
			if (rows >= 30) {
				expect(review).toMatch(/Interest\s+about [\d,.]+ USDT over 7 days/);
				expect(review).toMatch(/Expires\s+\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d \(7 days from now\)/);
			}
			expect(review).not.toMatch(/\d…/);
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=');

			tmux.kill();
			tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env, columns, rows});
			await tmux.waitFor('? this help');
			await tmux.send('4');
			const list = await tmux.waitFor((screen) => /Total pledged/.test(screen) && /LIQ AT/.test(screen));
			// The liquidation prices (26,800 × 70.02 / 90; ETH's from its own LTV) stay at any width; both loans show.
			expect(list).toMatch(/0\.50000000 BTC\s+(26,800\.0000\s+)?(0\.000617%\s+)?(23,456\.9450\s+)?20,850\.6177\s/);
			expect(list).toMatch(/20\.00000000 ETH\s+(1,545\.0000\s+)?(0\.000700%\s+)?(1,462\.5512\s+)?1,300\.0455\s/);
			if (columns >= 100) expect(list).toMatch(/PRICE\s+CALL AT\s+LIQ AT/);
			expect(list).not.toMatch(/loans \d+-\d+ of/);
			expect(list).not.toMatch(/\d…/);
			// The riskiest loan's detail: its prices in full; short of rows, the mark prices in place of the falls.
			await tmux.send('Enter');
			// The detail whole: its prices, and with room the amounts that reach the LTVs (read after the loan).
			const detail = await tmux.waitFor(
				(screen) => /Price\s+ETH 1,545\.0000 USDT/.test(screen) && /Risk\s+▵/.test(screen) && (rows < 30 || /To initial LTV\s+add/.test(screen)),
			);
			if (rows >= 30) {
				expect(detail).toMatch(/Margin-call price\s+1,462\.5512 USDT, 5\.34% below/);
				expect(detail).toMatch(/Liquidation price\s+1,300\.0455 USDT, 15\.85% below/);
				expect(detail).toMatch(/Max withdrawable\s+none now/);
				expect(detail).toMatch(/To initial LTV\s+add [\d.]+ ETH to get back to/);
			} else {
				expect(detail).toMatch(/Margin call\s+at 1,462\.5512 USDT, 5\.34% below/);
				expect(detail).toMatch(/Liquidation\s+at 1,300\.0455 USDT, 15\.85% below/);
			}
			expect(detail).toMatch(/Risk\s+▵ WARN/);
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=0');
		});
	}
});

/** From the home screen through the borrow wizard: USDT against BTC, 7 days, a pledge of `pledge` BTC, to the review. */
async function borrowToReview(tmux: Tmux, pledge: string): Promise<void> {
	await tmux.waitFor('? this help');
	await tmux.send('3');
	await tmux.waitFor('Borrow · 1 of 6');
	await tmux.burstText('USDT');
	await tmux.send('Enter');
	await tmux.waitFor('Borrow · 2 of 6');
	await tmux.burstText('BTC');
	await tmux.send('Enter');
	await tmux.waitFor('Borrow · 3 of 6');
	await tmux.burst('Enter', 'Enter');
	await tmux.waitFor('Pledge (BTC)');
	await tmux.burstText(pledge);
	await tmux.send('Enter');
}
