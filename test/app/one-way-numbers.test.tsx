// One formatter per quantity: every screen and every command over ONE fixture (the simulator's two demo loans and
// its fixed rates) writes a given quantity exactly one way — the hourly rate of USDT for 7 days, the 20 ETH of
// collateral, the 23,400 USDT borrowed, the tight loan's LTV — and a review shows exactly the string that is sent.
import {afterEach, describe, expect, it} from 'vitest';
import type {OngoingLoan} from '../../source/api/loan-types.js';
import {hourlyRate, ltvPercent, withCoin} from '../../source/format/money.js';
import {priceAmount} from '../../source/format/price.js';
import {loanMarkPrices} from '../../source/loans/prices.js';
import {readHistoryWindow} from '../../source/operations/history-window.js';
import {historyLines} from '../../source/screens/history/history-rows.js';
import {runCli} from '../helpers/cli.js';
import {emptyJournal, KEYS, renderApp, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

interface Quantity {
	name: string;
	/** How it is written, wherever it appears. */
	canonical: string;
	/** Every way the same quantity could be written (more or fewer decimals, grouped or not, with or without %). */
	loose: RegExp;
	/** Outputs it must appear in. */
	in: string[];
}

describe('one formatter per quantity, over one fixture', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	const close = () => {
		app?.unmount();
		app = undefined;
	};
	afterEach(close);
	// Read in each test: the simulator's reset opens the demo loans again with new ids.
	let tight: OngoingLoan;

	const readTight = async () => {
		const page = await sim.client().ongoingOrderPage();
		return page.records.find((loan) => loan.pledgeCoin === 'ETH')!;
	};
	const at = (...names: string[]) => ({
		stack: [{name: 'home' as const}, ...names.map((name) => (name.startsWith('11') ? {name: 'loan' as const, orderId: name} : {name: name as 'loans'}))],
		quit: false,
	});
	const open = async (initial: ReturnType<typeof at>) => {
		close();
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial, journal: emptyJournal()});
		return app;
	};
	const cli = async (...args: string[]) => {
		const result = await runCli([...args, '--base-url', sim.simulator.url], {env: {...TEST_CREDENTIAL_ENV, COLUMNS: '250'}});
		expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
		return result.stdout;
	};

	it('writes the hourly rate, the collateral, the borrowed amount and the LTV one way on every screen and command', async () => {
		tight = await readTight();
		expect(tight).toMatchObject({loanAmount: '23400', pledgeAmount: '20', loanCoin: 'USDT'});
		const outputs: Record<string, string> = {};

		// The app: Loans, the tight loan's detail and a review of an action on it, History (loans), Estimate.
		await open(at('loans'));
		outputs['app loans'] = await app!.waitForText(/Total owed[\s\S]*LIQ AT|LIQ AT[\s\S]*Total owed/);
		await open(at('loans', tight.orderId));
		outputs['app loan'] = await app!.waitForText('Liquidation price');
		await app!.burst(`a1${KEYS.enter}`);
		outputs['app collateral review'] = await app!.waitForText(/Liquidation at[\s\S]*Add collateral\? \[y\/N\]/);
		await open(at('history'));
		outputs['app history'] = await app!.waitForText(/records 1-2 of 2/);
		// At 100 columns History leaves its hourly rates out (said on its page line); its lines with every column, as a
		// wider terminal shows them:
		const borrowed = historyLines('borrowHistory', (await readHistoryWindow(sim.client(), 'borrowHistory', 30)).records);
		outputs['app history, every column'] = [borrowed.header, ...borrowed.lines].join('\n');
		await open(at('estimate'));
		await app!.waitForText('Loan coin');
		await app!.type('USDT');
		await app!.press(KEYS.enter);
		await app!.type('BTC');
		await app!.press(KEYS.enter, KEYS.enter);
		await app!.type('1');
		outputs['app estimate'] = await app!.waitForText(/Official hourly rate\s+\S+%/);

		// The command line, on the same simulator.
		outputs['cli loans'] = await cli('loans');
		outputs['cli loans ORDER'] = await cli('loans', tight.orderId);
		outputs['cli history loans'] = await cli('history', 'loans');
		outputs['cli coins'] = await cli('coins');

		// The tight loan's liquidation price, from its own figures: owed ÷ (collateral × liquidation LTV).
		const eth = (await sim.client().tickers('ETHUSDT')).records[0]!.lastPr;
		const liquidation = priceAmount(loanMarkPrices(tight, eth).liquidationPrice, 'USDT');
		const quantities: Quantity[] = [
			{
				name: `the tight loan's liquidation price (${liquidation})`,
				canonical: liquidation,
				loose: new RegExp(`\\b${liquidation.split('.')[0]!.replace(',', ',?')}\\.\\d+`, 'g'),
				in: ['app loans', 'app loan', 'app collateral review', 'cli loans', 'cli loans ORDER'],
			},
			{
				name: 'hourly rate of USDT for 7 days (0.00000617)',
				canonical: hourlyRate('0.00000617'),
				loose: /\b0\.000?6(?:17\d*|2)%|\b0\.0006%/g,
				in: ['app loans', 'app history, every column', 'app estimate', 'cli history loans', 'cli coins'],
			},
			{
				name: 'the tight loan’s hourly rate (USDT flexible, 0.000007)',
				canonical: hourlyRate(tight.hourInterestRate),
				loose: /\b0\.000?7(?:0*)%/g,
				in: ['app loans', 'app loan', 'app history, every column', 'cli loans ORDER', 'cli history loans'],
			},
			{
				name: 'collateral of 20 ETH',
				canonical: withCoin('20', 'ETH'),
				loose: /\b20(?:\.0+)? ETH/g,
				in: ['app loans', 'app loan', 'app collateral review', 'app history', 'cli loans', 'cli loans ORDER', 'cli history loans'],
			},
			{
				name: 'borrowed 23,400 USDT',
				canonical: withCoin('23400', 'USDT'),
				loose: /\b23,?400(?:\.0+)?(?![\d.,]) USDT/g,
				in: ['app loans', 'app loan', 'app history', 'cli loans', 'cli loans ORDER', 'cli history loans'],
			},
			{
				name: `the tight loan's LTV (${tight.pledgeRate})`,
				canonical: ltvPercent(tight.pledgeRate),
				loose: new RegExp(`\\b${ltvPercent(tight.pledgeRate).slice(0, 4).replace('.', '\\.')}\\d*%`, 'g'),
				in: ['app loans', 'app loan', 'app collateral review', 'cli loans', 'cli loans ORDER'],
			},
		];
		expect(hourlyRate('0.00000617')).toBe('0.000617%');
		expect(withCoin('20', 'ETH')).toBe('20.00000000 ETH');
		expect(withCoin('23400', 'USDT')).toBe('23,400.0000 USDT');
		for (const quantity of quantities) {
			for (const source of quantity.in) expect(outputs[source], `${quantity.name} in ${source}`).toContain(quantity.canonical);
			for (const [source, text] of Object.entries(outputs)) {
				const written = new Set([...text.matchAll(quantity.loose)].map((match) => match[0]));
				expect([...written], `${quantity.name} in ${source}`).toEqual(written.size === 0 ? [] : [quantity.canonical]);
			}
		}
		// Nothing on any screen or in any command is cut to a prefix.
		for (const [source, text] of Object.entries(outputs)) expect(text, source).not.toMatch(/\d…/);
	});

	it('a review shows exactly the string that is sent: repay, collateral and borrow', async () => {
		tight = await readTight();
		const posted = (operation: string) => {
			const posts = sim.simulator.requests.filter((request) => request.operation === operation && request.method === 'POST');
			expect(posts).toHaveLength(1);
			return JSON.parse(posts[0]!.body) as Record<string, string>;
		};

		// Repay part: typed "1000.50", the review names the amount as it goes on the wire (no grouping, no padding).
		await open(at('loans', tight.orderId));
		await app!.waitForText('Owed now');
		await app!.burst(`r${KEYS.down}${KEYS.enter}`);
		await app!.waitForText('Repay (USDT)');
		await app!.burst(`1000.50${KEYS.enter}${KEYS.enter}`);
		const repayReview = await app!.waitForText('Repay? [y/N]');
		await app!.press('y');
		// After the fact, what was done is a quantity like any other: written by its formatter.
		const repaid = await app!.waitForText('✓ Repaid');
		const repay = posted('repay');
		expect(repayReview).toMatch(new RegExp(`Repay\\s+${repay.amount!.replace('.', '\\.')} USDT of `));
		expect(repayReview).not.toContain('1,000.5');
		expect(repaid).toMatch(new RegExp(`Paid\\s+${withCoin('1000.5', 'USDT').replace('.', '\\.')}`));

		// Collateral: typed "0.50".
		await open(at('loans', tight.orderId));
		await app!.waitForText('Owed now');
		await app!.burst(`a0.50${KEYS.enter}`);
		const addReview = await app!.waitForText('Add collateral? [y/N]');
		await app!.press('y');
		const added = await app!.waitForText('✓ Added');
		const revise = posted('revisePledge');
		expect(addReview).toMatch(new RegExp(`Add\\s+${revise.amount!.replace('.', '\\.')} ETH \\(collateral `));
		expect(added).toMatch(new RegExp(`✓ Added ${withCoin('0.5', 'ETH').replace('.', '\\.')} of collateral — LTV now \\d+\\.\\d\\d%`));

		// Borrow by pledge amount: typed "1.50" BTC.
		await open({stack: [{name: 'home' as const}, {name: 'borrow' as const}], quit: false} as unknown as ReturnType<typeof at>);
		await app!.waitForText('Borrow · 1 of 6');
		const borrowReview = await walkToReview(app!, '1.50');
		await app!.press('y');
		await app!.waitForText('Loan order created');
		const borrow = posted('borrow');
		expect(borrowReview).toMatch(new RegExp(`Pledge amount\\s+${borrow.pledgeAmount!.replace('.', '\\.')} BTC`));
		expect(borrowReview).not.toMatch(/Pledge amount\s+1\.50+ BTC/);
	});
});
