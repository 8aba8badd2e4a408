// The app's Loans, loan and History screens on Bitget's own documentation examples (test/helpers/doc-examples.ts):
// no screen fails on them; the broken v2 liquidation records are left out with the same words as the command line;
// a loan without an expiry reads "not given", a flexible one "none (flexible)" once; debts without pledgeInfos show
// "none" pledged.
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {ONGOING, ONGOING_FLEXIBLE, ONGOING_NO_EXPIRY, startExampleServer, type ExampleServer} from '../helpers/doc-examples.js';
import {renderApp, scratchJournal, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS} from '../helpers/simulator.js';

describe("the app on Bitget's documentation examples", () => {
	let server: ExampleServer;
	let app: RenderedApp | undefined;
	beforeAll(async () => {
		server = await startExampleServer();
	});
	afterEach(() => {
		app?.unmount();
		app = undefined;
		server.reset();
	});
	afterAll(async () => {
		await server.close();
	});
	const open = async (...names: string[]) => {
		const stack = [{name: 'home' as const}, ...names.map((name) => (/^\d+$/.test(name) ? {name: 'loan' as const, orderId: name} : {name: name as 'loans'}))];
		app = await renderApp({baseUrl: server.url, demo: true, credentials: TEST_CREDENTIALS, initial: {stack, quit: false}, journal: scratchJournal()});
		return app;
	};

	it('History, Liquidations: the broken v2 records are left out and counted; the other tabs read', async () => {
		await open('history');
		const loans = await app!.waitForText('records 1-2 of 2');
		// At 100 columns the hourly rate gives way (said on the page line); the amounts and the status in words stay whole.
		expect(loans).toMatch(/12121212121\s+4,321,321\.23820848 TRX\s+0\.7570 USDT\s+7 days\s+repaid$/m);
		expect(loans).toContain('1 more column when wider');
		expect(loans).not.toContain('could not be read');
		await app!.press('4');
		const liquidations = await app!.waitForText('No readable liquidations in the last 30 days.');
		expect(liquidations).toContain('2 records could not be read and are not shown.');
		expect(liquidations).not.toMatch(/Cannot read properties|unexpected answer/);
		await app!.press('3');
		await app!.waitForText(/added\s+10\.0000 USDT\s+65\.00%\s+64\.75%/);
	});

	it('Loans: the published loan, "none" pledged from debts without pledgeInfos, expiry not given', async () => {
		server.answers['ongoing-orders'] = ONGOING_NO_EXPIRY;
		await open('loans');
		const frame = await app!.waitForText('Total pledged');
		expect(frame).toMatch(/Total pledged\s+none/);
		// The example server has no tickers: the prices say so, the loan still shows.
		expect(frame).toMatch(/2,619\.6923 USDT\s+(unavailable\s+){3}—\s+not given\s+1$/m);
		expect(frame).toContain('Prices unavailable: 40404');
		expect(frame).not.toContain('could not be read');
	});

	it('Loans: a loan that cannot be read is left out with the same words as the command line', async () => {
		// Constructed: the published loan, and a second one whose loanAmount is a number (it cannot be read).
		const published = JSON.parse(ONGOING) as {data: Array<Record<string, unknown>>};
		published.data.push({...published.data[0], orderId: '2', loanAmount: 1});
		server.answers['ongoing-orders'] = JSON.stringify(published);
		await open('loans');
		const frame = await app!.waitForText('Total pledged');
		expect(frame).toContain('1 record could not be read and is not shown.');
		expect(frame).toContain('Loans · 1 ongoing');
	});

	it('the loan detail: "not given" without an expiry, "none (flexible)" once for a flexible loan', async () => {
		server.answers['ongoing-orders'] = ONGOING_NO_EXPIRY;
		await open('loans', '1');
		expect(await app!.waitForText(/Expires\s+not given/)).not.toContain('none (none');
		app!.unmount();
		server.answers['ongoing-orders'] = ONGOING_FLEXIBLE;
		await open('loans', '1');
		const flexible = await app!.waitForText(/Expires\s+none \(flexible\)/);
		expect(flexible).not.toContain('none (none');
	});
});
