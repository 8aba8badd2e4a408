// The borrow's money and honesty rules through the app, against the simulator over loopback: interrupting an
// in-flight borrow, a claimed order id, redacted server text, plain-http refusal, Bitget's limits, the loan-amount
// cost, the copy key and the money record.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {osc52} from '../../source/format/clipboard.js';
import {moneyJournalAt, type MoneyJournal} from '../../source/state/money-journal.js';
import {KEYS, renderApp, waitFor, walkToReview, type RenderedApp, type RenderAppOptions} from '../helpers/ink.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

/** The journal's records once one has its outcome (the pipeline records "sending" first, the outcome after). */
async function recorded(journal: MoneyJournal) {
	const deadline = Date.now() + 5000;
	for (;;) {
		const {records} = await journal.read();
		if (records.some((record) => record.outcome !== 'sending')) return records;
		if (Date.now() > deadline) throw new Error(`no outcome recorded within 5 s: ${JSON.stringify(records)}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

const borrowScreen = {stack: [{name: 'home' as const}, {name: 'borrow' as const}], quit: false};

describe('borrow: money and honesty', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	const open = async (more: Partial<RenderAppOptions> = {}) => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: borrowScreen, demo: true, credentials: TEST_CREDENTIALS, ...more});
		await app.waitForText('Borrow · 1 of 6');
		return app;
	};
	const journal = () => moneyJournalAt(join(mkdtempSync(join(tmpdir(), 'loan-tui-journal-')), 'loan-tui'));

	it('the first Ctrl+C while the borrow is out shows the outcome-unknown screen at once and does not quit; the second quits', async () => {
		const local = journal();
		await open({serviceOptions: {journal: local}});
		await walkToReview(app!, '0.5');
		sim.simulator.injectFault({kind: 'stall', operation: 'borrow'});
		await app!.press('y');
		await app!.waitForText('Sending the borrow request');
		await waitFor(() => expect(sim.posts()).toHaveLength(1));
		await app!.press(KEYS.ctrlC);
		// "At once": the borrow is stalled for good (no answer, and its 15 s deadline not reached), so the screen can
		// only have come from the Ctrl+C, and it says so; no clock is read.
		const unknown = await app!.waitForText('OUTCOME UNKNOWN');
		expect(unknown).toContain('interrupted by Ctrl+C');
		expect(unknown).not.toContain('no answer within');
		expect(app!.exited()).toBe(false);
		// No second POST: checked again below, after the record is written and after the second Ctrl+C.
		expect(sim.posts()).toHaveLength(1);
		// Recorded as unknown, with the values sent.
		const [entry] = await recorded(local);
		expect(entry).toMatchObject({operation: 'borrow', outcome: 'unknown', values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}});
		expect(entry!.detail).toContain('interrupted by Ctrl+C');
		await app!.press(KEYS.ctrlC);
		await waitFor(() => expect(app!.exited()).toBe(true));
		expect(sim.posts()).toHaveLength(1);
	});

	it('an unknown outcome where the server claimed an order shows that order id', async () => {
		await open();
		await walkToReview(app!, '0.5');
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'borrow',
			status: 409,
			body: '{"code":"00000","msg":"success","requestTime":1,"data":{"orderId":"1130000000000000777"}}',
		});
		await app!.press('y');
		const unknown = await app!.waitForText('OUTCOME UNKNOWN');
		expect(unknown).toContain('the server said order 1130000000000000777 was created, but answered HTTP 409');
	});

	it('a refusal that echoes the passphrase shows on the review redacted', async () => {
		await open();
		await walkToReview(app!, '0.5');
		const body = JSON.stringify({
			code: '43012',
			msg: `bad passphrase ${TEST_CREDENTIALS.passphrase} key ${TEST_CREDENTIALS.apiKey}`,
			requestTime: 1,
			data: null,
		});
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 400, body});
		await app!.press('y');
		const refused = await app!.waitForText('43012');
		expect(refused).toContain('[redacted]');
		expect(refused).not.toContain(TEST_CREDENTIALS.passphrase);
		expect(refused).not.toContain(TEST_CREDENTIALS.apiKey);
		expect(refused).toContain('Borrow? [y/N]');
	});

	it('shows the full origin with its scheme, and refuses before y to sign over plain http to another host', async () => {
		await open();
		const review = await walkToReview(app!, '0.5');
		expect(review).toContain(`Server           demo (embedded simulator, ${sim.simulator.url})`);
		app!.unmount();
		// Estimates are public and go out; the borrow would carry credentials over plain http to a remote host.
		await open({baseUrl: 'http://example.invalid:9', demo: false, credentials: TEST_CREDENTIALS, env: TEST_CREDENTIAL_ENV});
		const remote = await walkToReview(app!, '0.5');
		expect(remote).toMatch(/Server\s+http:\/\/example\.invalid:9/);
		await app!.waitForText('Cannot borrow: Refusing to send credentials over plain HTTP');
		// y is handled (press waits for its frame) and confirms nothing: a confirmation shows "Sending" in the frame of
		// that key, and only a confirmed review posts.
		await app!.press('y');
		app!.flush();
		const after = app!.frame();
		expect(after).not.toContain('Sending');
		expect(after).toContain('Borrow? [y/N]');
		expect(sim.posts()).toEqual([]);
	});

	it("refuses a borrow outside Bitget's limits before sending it", async () => {
		await open();
		await app!.type('USDT');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 2 of 6');
		await app!.type('BTC');
		await app!.press(KEYS.enter, KEYS.enter);
		await app!.waitForText('Borrow · 4 of 6');
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText('Borrow · 5 of 6');
		// The simulator's maximum USDT borrow is 10,000,000,000.
		await app!.type('20000000000');
		await app!.press(KEYS.enter);
		await app!.waitForText("above Bitget's maximum borrow");
		// y is handled (press waits for its frame) and confirms nothing: a confirmation shows "Sending" in the frame of
		// that key, and only a confirmed review posts.
		await app!.press('y');
		app!.flush();
		expect(app!.frame()).not.toContain('Sending');
		expect(app!.frame()).toContain("above Bitget's maximum borrow");
		expect(sim.posts()).toEqual([]);
	});

	it('a coin list answered without its lists blocks the review with that reason, never "not loanable"; y sends nothing', async () => {
		sim.simulator.injectFault({
			kind: 'raw',
			operation: 'coinInfos',
			times: Infinity,
			body: JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data: {}}),
		});
		await open();
		await app!.type('USDT');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 2 of 6');
		await app!.type('BTC');
		await app!.press(KEYS.enter, KEYS.enter);
		await app!.waitForText('Borrow · 4 of 6');
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText('Borrow · 5 of 6');
		await app!.type('100');
		await app!.press(KEYS.enter);
		const blocked = await app!.waitForText("could not read Bitget's coin list");
		expect(blocked).not.toContain('not in Bitget');
		await app!.press('y');
		app!.flush();
		expect(app!.frame()).not.toContain('Sending');
		expect(sim.posts()).toEqual([]);
	});

	it('by loan amount, the review shows the collateral and hourly interest as estimates', async () => {
		await open();
		await app!.type('USDT');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow · 2 of 6');
		await app!.type('BTC');
		await app!.press(KEYS.enter, KEYS.enter);
		await app!.waitForText('Borrow · 4 of 6');
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText('Borrow · 5 of 6');
		await app!.type('1000');
		await app!.press(KEYS.enter);
		const review = await app!.waitForText(/Collateral\s+about [\d.]+ BTC \(estimate\)/);
		expect(review).toMatch(/Hourly interest\s+about [\d.]+ USDT \(estimate\)/);
		expect(review).toMatch(/Loan amount\s+1000 USDT/);
	});

	it('the result shows the order id, c copies it with OSC 52, and the borrow is in the money record', async () => {
		const written: string[] = [];
		const local = journal();
		await open({env: {TERM: 'xterm-256color'}, serviceOptions: {journal: local, writeToTerminal: (data) => written.push(data)}});
		await walkToReview(app!, '0.5');
		await app!.press('y');
		await app!.waitForText('Order ID:');
		const orderId = sim.simulator.orders[0]!.orderId;
		await app!.press('c');
		await app!.waitForText('sent to the clipboard');
		expect(written).toEqual([osc52(orderId)]);
		const entries = await recorded(local);
		expect(entries[0]).toMatchObject({operation: 'borrow', outcome: 'done', orderId, origin: sim.simulator.url});
		expect(JSON.stringify(entries)).not.toContain(TEST_CREDENTIALS.passphrase);
	});

	it('where the terminal cannot take a copy, c says so and writes nothing', async () => {
		const written: string[] = [];
		await open({env: {TERM: 'dumb'}, serviceOptions: {writeToTerminal: (data) => written.push(data)}});
		await walkToReview(app!, '0.5');
		await app!.press('y');
		await app!.waitForText('Order ID:');
		await app!.press('c');
		await app!.waitForText('cannot take a copy');
		expect(written).toEqual([]);
	});
});
