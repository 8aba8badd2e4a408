// The loan commands on a real terminal (tmux): each money-moving command shows its review and asks; only "y" posts.
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const env = TEST_CREDENTIAL_ENV;

describe.skipIf(tmuxMissing)(`loan prompts on a terminal${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator();
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());
	const cli = (args: string) => `node ${CLI} ${args} --base-url ${sim.simulator.url}`;
	const posts = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation);

	it('borrow by loan amount shows the collateral it takes, the starting LTV, the margin-call and liquidation prices, the interest and the expiry', async () => {
		tmux = Tmux.start(cli('borrow --loan-coin USDT --pledge-coin BTC --daily 7 --loan-amount 1000'), {env});
		const prompt = await tmux.waitFor('Borrow? [y/N]');
		expect(prompt).toContain('Borrow USDT against BTC, 7 days, borrowing 1000 USDT');
		expect(prompt).toContain('takes about 0.05330491 BTC of collateral (derived from an estimate)');
		expect(prompt).toMatch(/price: BTC 26,800\.0000 USDT, \d+ s ago/);
		expect(prompt).toContain('starts at an LTV of 70.00%');
		expect(prompt).toContain('margin call (LTV 80.00%) at 23,450.0000 USDT, 12.50% below');
		expect(prompt).toContain('liquidation (LTV 90.00%) at 20,844.4444 USDT, 22.22% below');
		expect(prompt).toContain('interest about 1.0366 USDT over 7 days');
		expect(prompt).toMatch(/expires \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d \(7 days from now\)/);
		await tmux.typeText('n');
		await tmux.send('Enter');
		expect(await tmux.waitFor(/EXIT=\d/)).toContain('EXIT=2');
		expect(posts('borrow')).toEqual([]);
	});

	it('repay shows principal, interest and the release, and posts once after y', async () => {
		const {orderId} = await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		sim.simulator.loans.advanceHours(10);
		tmux = Tmux.start(cli(`repay ${orderId} --amount 100 --keep-collateral`), {env});
		const prompt = await tmux.waitFor('Repay? [y/N]');
		// Eleven hours started (the first at borrowing), the interest an estimate: 18760 × 0.00000617 × 11.
		expect(prompt).toContain(`Repay order ${orderId}: 100 USDT of ≈ 18,761.2732 USDT owed`);
		expect(prompt).toContain('interest 1.2732 USDT (estimate), principal 98.7268 USDT; left 18,661.2732 USDT');
		expect(prompt).toContain('collateral released: none (LTV 70.00% → 69.63%)');
		await tmux.typeText('y');
		await tmux.send('Enter');
		const after = await tmux.waitFor(/EXIT=\d/);
		expect(after).toContain('EXIT=0');
		expect(after).toContain(`Repaid 100.0000 USDT on order ${orderId}`);
		expect(posts('repay')).toHaveLength(1);
	});

	it('collateral shows the LTV and the collateral before and after; past the max withdrawable a second question; n sends nothing', async () => {
		const {orderId} = await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		tmux = Tmux.start(cli(`collateral ${orderId} withdraw 0.1`), {env});
		const prompt = await tmux.waitFor('Withdraw? [y/N]');
		expect(prompt).toContain(`Withdraw 0.1 BTC from order ${orderId} (collateral 1.00000000 BTC → 0.90000000 BTC)`);
		expect(prompt).toContain('LTV 70.00% → 77.78% (margin call 80.00%, liquidation 90.00%)');
		// At 70 % with the margin call at 80 %, 0.06666666 BTC can leave with 5 points kept: the review says 0.1 is past
		// that, and a y is asked again.
		expect(prompt).toContain('0.1 BTC is past the max withdrawable (0.06666666 BTC now, 5 points under the margin call)');
		await tmux.typeText('y');
		await tmux.send('Enter');
		expect(await tmux.waitFor('Withdraw anyway? [y/N]')).toContain('That is past the max withdrawable');
		await tmux.typeText('n');
		await tmux.send('Enter');
		const after = await tmux.waitFor(/EXIT=\d/);
		expect(after).toContain('Collateral unchanged: nothing was sent.');
		expect(after).toContain('EXIT=2');
		expect(posts('revisePledge')).toEqual([]);
	});
});
