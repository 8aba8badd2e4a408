// Estimate and borrow through the built binary in tmux, against the simulator; the request record is the proof.
import {afterEach, describe, expect, it} from 'vitest';
import {estimateFor} from '../../source/simulator/index.js';
import {coinAmount} from '../../source/format/money.js';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const credentialEnv = TEST_CREDENTIAL_ENV;

describe.skipIf(tmuxMissing)(`estimate and borrow in a real terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('shows the estimate for 1 BTC pledged against USDT as you type', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`);
		await tmux.waitFor('? this help');
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Loan coin');
		await tmux.typeText('USDT');
		await tmux.send('Enter');
		await tmux.typeText('BTC');
		await tmux.send('Enter');
		await tmux.send('Enter');
		await tmux.typeText('1');
		const expected = estimateFor('USDT', 'BTC', 'SEVEN', '1');
		const screen = await tmux.waitFor(new RegExp(`Borrowable \\(USDT\\)\\s+${coinAmount(expected.loanAmount, 'USDT').replace('.', '\\.')}\\s`));
		expect(screen).toContain('Estimate: pledge 1 BTC, borrow USDT');
		const hourly = coinAmount(expected.hourInterest, 'USDT');
		expect(screen).toMatch(new RegExp(`Hourly interest\\s+${hourly.replace('.', '\\.')}\\s`));
		expect(screen).toMatch(/Annualised rate\s+\d/);
		const estimates = sim.simulator.requests.filter((request) => request.operation === 'estimate');
		expect(estimates.length).toBe(3);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('borrows from home to the order id with exactly one POST of the expected body', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: credentialEnv});
		await tmux.waitFor('? this help');
		await tmux.send('Down');
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 1 of 6');
		await tmux.typeText('usdt');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 2 of 6');
		await tmux.typeText('btc');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 3 of 6');
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 4 of 6');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 5 of 6');
		await tmux.typeText('0.25');
		await tmux.send('Enter');
		// The review whole (its estimate, the limits check and the price history in), so that nothing but a key could change it.
		const review = await tmux.waitFor(
			(screen) =>
				/Hourly interest\s+[\d.]+ USDT[\s\S]*Price\s+BTC [\s\S]*Borrow\? \[y\/N\]/.test(screen) &&
				!/Fetching|Checking|reading the prices|reading price history/.test(screen),
		);
		expect(review).toMatch(/Period\s+THIRTY — 30 days/);
		expect(review).toMatch(/Credentials\s+environment, key bg_t…6789/);
		// Enter on the review changes nothing (only a typed y sends): proven by the help overlay opened and closed after it.
		await tmux.sendUnchanged('Enter');
		expect(sim.posts()).toEqual([]);
		await tmux.send('y');
		const done = await tmux.waitFor('Order ID:');
		const posts = sim.posts();
		expect(posts).toHaveLength(1);
		expect(posts[0]!.body).toBe('{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"THIRTY","pledgeAmount":"0.25"}');
		expect(posts[0]!.code).toBe('00000');
		expect(done).toContain(`Order ID: ${sim.simulator.orders[0]!.orderId}`);
		// The secret and passphrase never reach the screen.
		expect(done).not.toContain(TEST_CREDENTIALS.secretKey);
		expect(done).not.toContain(TEST_CREDENTIALS.passphrase);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});

	it('at 60x16 the review fits without overlapping lines, and a refusal leaves the question on screen', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {columns: 60, rows: 16, env: credentialEnv});
		await tmux.waitFor('? this help');
		await tmux.send('Down');
		await tmux.send('Down');
		await tmux.send('Enter');
		await tmux.waitFor('Borrow · 1 of 6');
		await tmux.typeText('USDT');
		await tmux.send('Enter');
		await tmux.typeText('BTC');
		await tmux.send('Enter');
		await tmux.send('Enter');
		await tmux.send('Enter');
		await tmux.typeText('5000');
		await tmux.send('Enter');
		const review = await tmux.waitFor((screen) => /Hourly interest\s+[\d.]+ USDT/.test(screen) && /Liquidation at/.test(screen));
		expect(review.split('\n')[0]).toMatch(/^loan-tui · /);
		expect(review).toMatch(/Borrow · 6 of 6 · Review: exactly what will be sent/);
		// Short of rows, the coins and the period share a line, and the prices give way by importance.
		expect(review).toMatch(/^ {2}Borrow\s+USDT against BTC, SEVEN — 7 days$/m);
		expect(review).toMatch(/^ {2}Price\s+BTC 26,800\.0000 USDT, \d+ s ago$/m);
		expect(review).toContain('Borrow? [y/N]');
		await tmux.send('y');
		const refused = await tmux.waitFor('43012');
		expect(refused).toContain('Borrow? [y/N]');
		expect(refused).toMatch(/Nothing\s+was borrowed/);
		expect(sim.posts()).toHaveLength(1);
		await tmux.send('C-c');
		await tmux.waitFor('EXIT=0');
	});
});
