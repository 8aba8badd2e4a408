// The loan-management commands through the built binary against the simulator over loopback.
import {describe, expect, it} from 'vitest';
import {runCli, type CliResult} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';

const env = TEST_CREDENTIAL_ENV;
const BTC_LOAN = {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'} as const;

function noStack(result: CliResult): void {
	expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('loans, coins and history', () => {
	const sim = useSimulator();
	const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli([...args, '--base-url', sim.simulator.url], {env: {...env, ...extraEnv}});

	it('loans: none, then riskiest first with LTVs, price falls and risk in words; totals from debts', async () => {
		expect((await run(['loans'])).stdout).toBe('No ongoing loans.\n');
		const client = sim.client();
		const calm = await client.borrow({...BTC_LOAN, daily: 'FLEXIBLE'});
		const tight = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'SEVEN', pledgeAmount: '10'});
		// ETH down to 1390: LTV 0.7 × 1545/1390 ≈ 0.778, inside 10 % of the 0.8 margin call.
		sim.simulator.loans.setPrice('ETH', '1390');
		const result = await run(['loans']);
		expect(result.code).toBe(0);
		const lines = result.stdout.split('\n');
		expect(lines[0]).toMatch(
			/^ORDER\s+BORROWED\s+INTEREST\s+APR\s+PLEDGED\s+LTV\s+CALL\s+LIQ\s+FALL TO CALL\s+FALL TO LIQ\s+PRICE\s+CALL PRICE\s+LIQ PRICE\s+EXPIRES\s+CALL CHANCE\s+RISK$/,
		);
		expect(lines[1]).toMatch(
			new RegExp(
				`^${tight.orderId}\\s+10,815\\.0000 USDT\\s+0\\.0667\\s+5\\.40%\\s+10\\.00000000 ETH\\s+77\\.81%\\s+80\\.00%\\s+90\\.00%\\s+2\\.74%\\s+13\\.55%\\s+1,390\\.0000\\s+1,351\\.8833\\s+1,201\\.6741\\s+in 6 d 23 h\\s+\\d+%\\s+WARN$`,
			),
		);
		expect(lines[2]).toMatch(
			new RegExp(
				`^${calm.orderId}\\s+18,760\\.0000 USDT\\s+0\\.1313\\s+6\\.13%\\s+1\\.00000000 BTC\\s+70\\.00%\\s+80\\.00%\\s+90\\.00%\\s+12\\.50%\\s+22\\.22%\\s+26,800\\.0000\\s+23,450\\.1642\\s+20,844\\.5904\\s+none \\(flexible\\)\\s+\\d+%\\s+ok$`,
			),
		);
		// Each loan owes its first hour from the start (interest per started hour): 10815 × 0.00000617 + 18760 × 0.000007.
		// USDT owed in USDT is not said twice.
		expect(result.stdout).toContain('Owed:    29,575.1980 USDT\n');
		expect(result.stdout).toMatch(
			/Pledged: (1\.00000000 BTC \(≈ 26,800\.0000 USDT\), 10\.00000000 ETH \(≈ 13,900\.0000 USDT\)|10\.00000000 ETH \(≈ 13,900\.0000 USDT\), 1\.00000000 BTC \(≈ 26,800\.0000 USDT\))/,
		);

		const json = JSON.parse((await run(['loans', '--json'])).stdout);
		expect(json.loans.map((l: {orderId: string}) => l.orderId)).toEqual([tight.orderId, calm.orderId]);
		expect(json.loans[0]).toMatchObject({pledgeRate: '0.7781', supRate: '0.8', risk: {level: 'warn', moveToMarginCall: '0.02742206'}});
		// The fall to the margin call is the margin-call price's distance from today's price (one formula).
		expect(json.loans[0].risk.moveToMarginCall).toBe(json.loans[0].prices.marginCallDistance);
		expect(json.debts.loanInfos).toEqual([{coin: 'USDT', amount: '29575.19804855', amountUsdt: '29575.2'}]);
		// --json keeps the prices as computed, never as written for a person.
		expect(json.loans[1]).toMatchObject({price: {status: 'ok', price: '26800'}, prices: {marginCallPrice: '23450.16415'}});
		expect(json.loans[0].prices.marginCallPrice).toMatch(/^\d+\.\d{5,}$/);

		const detail = await run(['loans', tight.orderId]);
		expect(detail.stdout).toMatch(/LTV\s+\[#+\.*\|\.*!\.*\] LTV 77\.81% \/ call 80\.00% \/ liq 90\.00%/);
		expect(detail.stdout).toMatch(/Margin call\s+if ETH falls 2\.74% against USDT/);
		expect(detail.stdout).toMatch(/Risk\s+WARN/);
	});

	it("loans: the totals are valued at the price the PRICE column shows, not at Bitget's other one; CALL AT is owed ÷ (collateral × call LTV)", async () => {
		const client = sim.client();
		const {orderId} = await client.borrow({...BTC_LOAN, pledgeAmount: '1.5'});
		// debts valued by Bitget at another moment's price (40,200 for 1.5 BTC: 26,800 each), the tickers now at 26,772.26.
		sim.simulator.setPrice('BTC', '26772.26');
		const [loan] = await client.ongoingOrders({orderId});
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'debts',
			body: JSON.stringify({
				code: '00000',
				msg: 'success',
				requestTime: Date.now(),
				data: {pledgeInfos: [{coin: 'BTC', amount: '1.5', amountUsdt: '40200'}], loanInfos: [{coin: 'USDT', amount: '28140.1736', amountUsdt: '28140.17'}]},
			}),
		});
		const result = await run(['loans', '--wide']);
		expect(result.code, result.stderr).toBe(0);
		const row = result.stdout.split('\n').find((line) => line.startsWith(orderId))!;
		expect(row).toContain('26,772.2600');
		// 1.5 × 26,772.26 = 40,158.39, as the PRICE column; the USDT owed is not said again in USDT.
		expect(result.stdout).toContain('Pledged: 1.50000000 BTC (≈ 40,158.3900 USDT)');
		expect(result.stdout).not.toContain('40,200');
		expect(result.stdout).toContain('Owed:    28,140.1736 USDT\n');
		// The margin-call price from the loan's own figures, as --json has it.
		const owed = Number(loan!.loanAmount) + Number(loan!.interestAmount);
		const call = (owed / (1.5 * 0.8)).toLocaleString('en-US', {minimumFractionDigits: 4, maximumFractionDigits: 4});
		expect(row).toContain(call);
	});

	it('loans ORDER: an unknown order is bad input (exit 2) with a hint; a malformed one is exit 2 and sends nothing', async () => {
		const unknown = await run(['loans', '42']);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('no ongoing loan with order id 42');
		expect(unknown.stderr).toContain('loan-tui loans');
		sim.simulator.requests.length = 0;
		const bad = await run(['loans', '12ab']);
		expect(bad.code).toBe(2);
		expect(sim.simulator.requests).toEqual([]);
		for (const result of [unknown, bad]) noStack(result);
	});

	it('coins: tables of rates and LTVs without credentials; --json keeps fractions', async () => {
		const human = await runCli(['coins', '--base-url', sim.simulator.url]);
		expect(human.code).toBe(0);
		expect(human.stdout).toMatch(/^Loanable \(\d+\)\nLOAN COIN\s+7 days hourly \/ APR\s+30 days hourly \/ APR\s+flexible term hourly \/ APR\s+MIN\s+MAX/);
		expect(human.stdout).toMatch(/USDT\s+0\.000617% \/ 5\.40%\s+0\.000640% \/ 5\.61%\s+0\.000700% \/ 6\.13%\s+10\.0000\s+10,000,000,000\.0000/);
		expect(human.stdout).toMatch(/PLEDGE COIN\s+INITIAL LTV\s+MARGIN CALL\s+LIQUIDATION\n/);
		expect(human.stdout).toMatch(/BTC\s+70\.00%\s+80\.00%\s+90\.00%/);
		expect(sim.simulator.requests[0]!.headers['access-key']).toBeUndefined();
		const json = JSON.parse((await runCli(['coins', '--json', '--base-url', sim.simulator.url])).stdout);
		expect(json.pledgeInfos[0]).toMatchObject({supRate: '0.8', forceRate: '0.9'});
	});

	it('history: each kind, newest first, over --days; bad kinds and windows are exit 2', async () => {
		const client = sim.client();
		const first = await client.borrow(BTC_LOAN);
		const second = await client.borrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY', pledgeAmount: '10'});
		await client.revisePledge({orderId: second.orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN'});
		await client.repay({orderId: first.orderId, repayAll: true, repayUnlock: true});
		sim.simulator.loans.setPrice('ETH', '900');

		const loans = await run(['history', 'loans']);
		expect(loans.code).toBe(0);
		const rows = loans.stdout.split('\n');
		expect(rows[0]).toMatch(/^TIME\s+ORDER\s+BORROWED\s+PLEDGED\s+HOURLY\s+PERIOD\s+STATUS$/);
		// Periods and statuses in words, as the app's History says them; --json keeps Bitget's codes.
		expect(rows[1]).toMatch(new RegExp(`${second.orderId}\\s+10,815\\.0000 USDT\\s+10\\.00000000 ETH\\s+0\\.000640%\\s+30 days\\s+liquidated$`));
		expect(rows[2]).toMatch(new RegExp(`${first.orderId}\\s+18,760\\.0000 USDT\\s+1\\.00000000 BTC\\s+0\\.000617%\\s+7 days\\s+repaid$`));
		expect(loans.stdout).not.toMatch(/\b(SEVEN|THIRTY|FLEXIBLE|REPAY|FORCE)\b/);
		// --json gives the server's values as sent: a unified account's statuses are lower case, its period read from
		// pledgeDays.
		expect(JSON.parse((await run(['history', 'loans', '--json'])).stdout).records).toEqual([
			expect.objectContaining({orderId: second.orderId, daily: 'THIRTY', status: 'force'}),
			expect.objectContaining({orderId: first.orderId, daily: 'SEVEN', status: 'repay'}),
		]);
		expect(loans.stdout).toContain('2 records: loans in the last 30 days, newest first');
		expect((await run(['history', 'repayments'])).stdout).toMatch(
			new RegExp(`${first.orderId}\\s+18,760\\.1157 USDT\\s+0\\.1157\\s+18,760\\.0000\\s+1\\.00000000 BTC`),
		);
		expect((await run(['history', 'collateral', '--days', '7'])).stdout).toMatch(
			new RegExp(`${second.orderId}\\s+added 1\\.00000000 ETH\\s+70\\.00%\\s+63\\.64%`),
		);
		const liquidations = await run(['history', 'liquidations', '--json']);
		expect(JSON.parse(liquidations.stdout)).toEqual({
			records: [expect.objectContaining({orderId: second.orderId, status: 'complete', repayLoanAmount: '10815.069216'})],
			unreadable: 0,
		});

		sim.simulator.requests.length = 0;
		for (const args of [
			['history'],
			['history', 'trades'],
			['history', 'loans', '--days', '91'],
			['history', 'loans', '--days', '0'],
			['history', 'loans', '--amount', '1'],
		]) {
			const result = await run(args);
			expect(result.code, args.join(' ')).toBe(2);
			noStack(result);
		}
		expect(sim.simulator.requests).toEqual([]);
	});
});

describe('repay and collateral', () => {
	const sim = useSimulator();
	const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli([...args, '--base-url', sim.simulator.url], {env: {...env, ...extraEnv}});
	const posts = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation);

	it('repay --all releases the collateral; a partial --keep-collateral sends repayUnlock no', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		sim.simulator.loans.advanceHours(10);
		const partial = await run(['repay', orderId, '--amount', '100', '--keep-collateral', '--yes']);
		expect(partial.code).toBe(0);
		// Eleven hours started (the first at borrowing): 18760 × 0.00000617 × 11 of interest, paid first.
		expect(partial.stdout).toBe(
			`Repaid 100.0000 USDT on order ${orderId}\n  interest 1.2732 USDT, principal 98.7268 USDT, collateral released 0.00000000 BTC\n`,
		);
		expect(JSON.parse(posts('repay')[0]!.body)).toEqual({orderId, repayAll: 'no', amount: '100', repayUnlock: 'no', method: 'borrowed_coin'});
		const all = await run(['repay', orderId, '--all', '--yes', '--json']);
		expect(JSON.parse(all.stdout)).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			repayAmount: '18661.2732412',
			payInterest: '0',
			repayLoanAmount: '18661.2732412',
			repayUnlockAmount: '1',
		});
		expect(posts('repay')).toHaveLength(2);
	});

	it('repay refuses before posting: no --yes without a terminal, both or neither amount, more than owed, unknown order', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		const cases: Array<[string[], number, RegExp]> = [
			[['repay', orderId, '--all'], 2, /--yes/],
			[['repay', orderId, '--all', '--amount', '1', '--yes'], 2, /--all and --amount cannot be used together/],
			[['repay', orderId, '--yes'], 2, /--all \(or --amount N/],
			[['repay', orderId, '--amount', '0', '--yes'], 2, /greater than zero/],
			[['repay', orderId, '--amount', '18761', '--yes'], 2, /more than the 18,760.1157 USDT owed/],
			[['repay', '999', '--all', '--yes'], 2, /no ongoing loan with order id 999/],
			[['repay', '--all', '--yes'], 2, /order id/],
		];
		for (const [args, code, message] of cases) {
			const result = await run(args);
			expect(result.code, args.join(' ')).toBe(code);
			expect(result.stderr).toMatch(message);
			noStack(result);
		}
		expect(posts('repay')).toEqual([]);
	});

	it('collateral add and withdraw show the LTV; a withdrawal reaching the margin call is refused locally', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		const added = await run(['collateral', orderId, 'add', '0.4', '--yes']);
		expect(added.stdout).toBe(`Collateral added: 0.4 BTC on order ${orderId}; LTV now 50.00%\n`);
		// 1.4 BTC at LTV 0.5: withdrawing 0.525 would make it 0.8, the margin call.
		const refused = await run(['collateral', orderId, 'withdraw', '0.525', '--yes']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain('not withdrawn: the LTV would be 80.00%, at or above the margin-call LTV of 80.00%');
		const withdrawn = await run(['collateral', orderId, 'withdraw', '0.2', '--yes', '--json']);
		expect(JSON.parse(withdrawn.stdout)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '0.5833'});
		expect(posts('revisePledge').map((r) => JSON.parse(r.body).reviseType)).toEqual(['IN', 'OUT']);
		for (const args of [
			['collateral', orderId, 'lend', '1', '--yes'],
			['collateral', orderId, 'add', '--yes'],
			['collateral', orderId, 'add', '-1', '--yes'],
			['collateral', orderId, 'add', '1'],
		]) {
			expect((await run(args)).code, args.join(' ')).toBe(2);
		}
		expect(posts('revisePledge')).toHaveLength(2);
	});

	it('a withdrawal past the max withdrawable is refused on --yes alone (exit 2, nothing sent); --past-max-withdrawable accepts it', async () => {
		// 1 BTC at LTV 70 %, margin call 80 %: with 5 points kept, 0.06666666 BTC can leave; 0.1 BTC would make it 77.78 %.
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		const refused = await run(['collateral', orderId, 'withdraw', '0.1', '--yes']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain(
			'not withdrawn: 0.1 BTC is past the max withdrawable (0.06666666 BTC now, 5 points under the margin call): the LTV would be 77.78%, 2.22 points from the margin call of 80.00%',
		);
		expect(refused.stderr).toContain('add --past-max-withdrawable');
		noStack(refused);
		expect(posts('revisePledge')).toEqual([]);
		// A narrower margin moves the max: with 2 points kept (LTV at most 78 %) 0.1 BTC is within it, so --yes is enough.
		const within = await run(['collateral', orderId, 'withdraw', '0.1', '--margin', '2', '--yes']);
		expect(within.code, within.stderr).toBe(0);
		// Now at 77.78 %: nothing more can leave with 5 points kept.
		const again = await run(['collateral', orderId, 'withdraw', '0.01', '--yes']);
		expect(again.code).toBe(2);
		expect(again.stderr).toContain('past the max withdrawable (none now, 5 points under the margin call)');
		expect(posts('revisePledge')).toHaveLength(1);
		// 0.9 BTC at 77.78 %: 0.01 more makes it about 78.65 %, past the limit but below the margin call.
		const accepted = await run(['collateral', orderId, 'withdraw', '0.01', '--yes', '--past-max-withdrawable']);
		expect(accepted.code, accepted.stderr).toBe(0);
		expect(posts('revisePledge').map((r) => JSON.parse(r.body))).toEqual([
			{orderId, amount: '0.1', pledgeCoin: 'BTC', reviseType: 'OUT'},
			{orderId, amount: '0.01', pledgeCoin: 'BTC', reviseType: 'OUT'},
		]);
	});
});

describe('an unknown outcome is reconciled, and still exits 3', () => {
	const sim = useSimulator();
	const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli([...args, '--base-url', sim.simulator.url], {env: {...env, ...extraEnv}});

	it("borrow: the lost answer's order is found and named", async () => {
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		const result = await run(['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '0.5', '--yes']);
		expect(result.code).toBe(3);
		const orderId = sim.simulator.orders[0]!.orderId;
		expect(result.stderr).toContain('OUTCOME UNKNOWN — the loan may or may not have been created.');
		expect(result.stderr).toMatch(
			new RegExp(
				`Checked since: found a match — found order ${orderId}: same coins, period and pledge amount, borrowed (\\d+ s after|at about the time) the request was sent`,
			),
		);
		expect(sim.simulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	it('repay: found in the repayment history; --json carries it', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'repay'});
		const result = await run(['repay', orderId, '--all', '--yes', '--json']);
		expect(result.code).toBe(3);
		const {error} = JSON.parse(result.stderr);
		expect(error).toMatchObject({kind: 'outcome-unknown', exitCode: 3, reconciliation: {status: 'found', orderId}});
		expect(error.message).toContain('the repayment may or may not have been made');
		expect(error.reconciliation.message).toMatch(new RegExp(`^found a repayment of 18760\\.1157492 USDT on order ${orderId} .*the loan is closed$`));
	});

	it('collateral: found in the collateral history', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'revisePledge'});
		const result = await run(['collateral', orderId, 'add', '0.4', '--yes']);
		expect(result.code).toBe(3);
		expect(result.stderr).toContain('OUTCOME UNKNOWN — the collateral change may or may not have been made.');
		expect(result.stderr).toMatch(new RegExp(`Checked since: found a match — found 0\\.4 BTC added on order ${orderId}, recorded .*; LTV 70% → 50%`));
	});

	it('nothing happened: says so after the time it checked, without claiming it failed', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		sim.simulator.injectFault({kind: 'html-500', operation: 'repay'});
		const result = await run(['repay', orderId, '--all', '--yes'], {LOAN_TUI_RECONCILE_SECONDS: '1'});
		expect(result.code).toBe(3);
		expect(result.stderr).toMatch(
			new RegExp(
				`Checked since: nothing found — no repayment of order ${orderId} was recorded since the request was sent, and its debt did not fall \\(\\d+ reads? in \\d+ s; time bound reached\\)`,
			),
		);
		expect(sim.simulator.loans.repays).toEqual([]);
	});
});

describe('borrow limits from coinInfos', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env});
	const borrow = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7'];

	it('refuses below the minimum before sending; a pledge is checked through its estimate', async () => {
		const small = await run([...borrow, '--loan-amount', '5', '--yes']);
		expect(small.code).toBe(2);
		expect(small.stderr).toContain("not borrowed: 5 USDT is below Bitget's minimum borrow of 10 USDT");
		const tinyPledge = await run([...borrow, '--pledge-amount', '0.0001', '--yes']);
		expect(tinyPledge.code).toBe(2);
		expect(tinyPledge.stderr).toContain("1.876 USDT is below Bitget's minimum borrow");
		expect(sim.posts()).toEqual([]);
	});

	it('refuses to borrow when the coin list cannot be read (exit 1, not bad input), and sends nothing', async () => {
		sim.simulator.injectFault({kind: 'html-500', operation: 'coinInfos'});
		const result = await run([...borrow, '--loan-amount', '100', '--yes']);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^loan-tui: not borrowed: could not read Bitget's coin list \(.*HTTP 500.*\)$/m);
		expect(result.stderr).not.toContain('not in Bitget');
		expect(sim.posts()).toEqual([]);
	});

	// A coin list answered without its lists ({}) is unreadable: never "USDT is not in Bitget's list of loanable coins".
	const listless = () =>
		sim.simulator.injectFault({kind: 'raw', operation: 'coinInfos', body: JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data: {}})});
	const unreadable = /could not read Bitget's coin list \(unexpected answer — coin list: data has no loanInfos and no pledgeInfos list/;

	it('a coin list without its lists: borrow refuses (exit 1), the estimate goes on and says why it could not check', async () => {
		listless();
		const borrowed = await run([...borrow, '--pledge-amount', '1', '--yes']);
		expect(borrowed.code).toBe(1);
		expect(borrowed.stderr).toMatch(unreadable);
		expect(sim.posts()).toEqual([]);

		listless();
		const estimated = await run(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '1']);
		expect(estimated.code).toBe(0);
		expect(estimated.stderr).toMatch(unreadable);
		expect(estimated.stderr).toContain('the server checks the coins');
		expect(estimated.stdout).toMatch(/Borrowable\s+18,760\.0000 USDT/);
		for (const result of [borrowed, estimated]) expect(result.stderr).not.toContain('not in Bitget');
	});

	it('a coin list without its lists: plan says it could not read it (exit 1)', async () => {
		listless();
		const planned = await run(['plan', '--loan-coin', 'USDT', '--loan-amount', '1000']);
		expect(planned.code).toBe(1);
		expect(planned.stderr).toMatch(/not planned: could not read Bitget's coin list \(unexpected answer — coin list: data has no loanInfos/);
		expect(planned.stderr).not.toContain('not in Bitget');
	});
});

describe('--demo', () => {
	it('starts with two loans open', async () => {
		const result = await runCli(['loans', '--demo', '--json']);
		expect(result.code).toBe(0);
		const {loans} = JSON.parse(result.stdout);
		expect(loans).toHaveLength(2);
		expect(loans[0]).toMatchObject({pledgeCoin: 'ETH', risk: {level: 'warn'}});
	});
});

describe('loan lookups through the fault matrix', () => {
	const sim = useSimulator();
	// --timeout 1 only for the 429s (retried until the deadline): an answered fault keeps the default deadline, so a slow
	// machine cannot turn its answer into a timeout.
	const run = (args: string[], kind: string) => runCli([...args, '--base-url', sim.simulator.url, ...(kind === 'rate-limit' ? ['--timeout', '1'] : [])], {env});
	const cases: Array<[string, 'ongoingOrders' | 'coinInfos' | 'repayHistory', string[], RegExp]> = [
		['html-500', 'ongoingOrders', ['loans'], /HTTP 500 with an HTML page/i],
		['truncated-json', 'coinInfos', ['coins'], /incomplete JSON/i],
		['wrong-types', 'coinInfos', ['coins'], /unexpected answer/i],
		['rate-limit', 'repayHistory', ['history', 'repayments'], /429 Too Many Requests/i],
		['unknown-code', 'repayHistory', ['history', 'repayments'], /99999 Unexpected condition/i],
	];

	it.each(cases)('%s on %s: exit 1, one clear message', async (kind, operation, args, message) => {
		if (operation === 'ongoingOrders') await sim.client().borrow(BTC_LOAN);
		sim.simulator.injectFault({kind: kind as 'html-500', operation, times: kind === 'rate-limit' ? Number.POSITIVE_INFINITY : 1});
		const result = await run(args, kind);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toMatch(message);
		expect(result.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
		noStack(result);
	});
});

describe('a loan that cannot be read', () => {
	const sim = useSimulator();
	const run = (args: string[]) => runCli([...args, '--base-url', sim.simulator.url], {env});

	it('is left out and counted (exit 0), never taken for "no loans" or "no such loan"', async () => {
		const {orderId} = await sim.client().borrow(BTC_LOAN);
		// wrong-types sends loanAmount as a number: the loan's record cannot be read.
		sim.simulator.injectFault({kind: 'wrong-types', operation: 'ongoingOrders'});
		const list = await run(['loans']);
		expect(list.code).toBe(0);
		expect(list.stdout).toMatch(/^No readable ongoing loans\.\n\nOwed: {4}18,760\.1157 USDT/);
		expect(list.stderr).toMatch(
			/^loan-tui: warning: 1 record could not be read and is not shown \(first: ongoing loans, record 1: data\.loanAmount is not a string/,
		);
		sim.simulator.injectFault({kind: 'wrong-types', operation: 'ongoingOrders'});
		const json = await run(['loans', '--json']);
		expect(json.code).toBe(0);
		expect(JSON.parse(json.stdout)).toMatchObject({loans: [], unreadable: 1});
		sim.simulator.injectFault({kind: 'wrong-types', operation: 'ongoingOrders'});
		const one = await run(['loans', orderId]);
		expect(one.code).toBe(1);
		expect(one.stderr).toContain(`order ${orderId}: Bitget's answer held a loan that could not be read`);
		expect(one.stderr).not.toContain('no ongoing loan');
		noStack(one);
	});
});

describe('history reads every page', () => {
	const sim = useSimulator({rateLimits: false});

	it('120 loans come back in two pages, newest first', async () => {
		const client = sim.client({perSecond: {borrow: 1000}});
		const ids: string[] = [];
		for (let i = 0; i < 120; i++) ids.push((await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.01'})).orderId);
		const result = await runCli(['history', 'loans', '--json', '--base-url', sim.simulator.url], {env});
		const records = JSON.parse(result.stdout).records as Array<{orderId: string; borrowTime: string}>;
		expect(records).toHaveLength(120);
		expect(new Set(records.map((r) => r.orderId))).toEqual(new Set(ids));
		for (let i = 1; i < records.length; i++) expect(Number(records[i - 1]!.borrowTime)).toBeGreaterThanOrEqual(Number(records[i]!.borrowTime));
		// A unified account's pages are numbered with pageNum (classic: pageNo).
		const pages = sim.simulator.requests.filter((r) => r.operation === 'borrowHistory').map((r) => new URLSearchParams(r.query).get('pageNum'));
		expect(pages).toEqual(['1', '2']);
	});
});
