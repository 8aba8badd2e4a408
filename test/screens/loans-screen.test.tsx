// The Loans, loan and History screens against the simulator over loopback: what they show, what each key sends,
// and the request log as the proof of one POST per y.
import {mkdirSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {moneyJournalAt} from '../../source/state/money-journal.js';
import {emptyJournal, KEYS, scratchJournal, renderApp, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

// The demo loans are opened again (with new ids) after each test's reset.
let TIGHT = '';
let CALM = '';
const at = (...names: string[]) => ({
	stack: [{name: 'home' as const}, ...names.map((name) => (name.startsWith('11') ? {name: 'loan' as const, orderId: name} : {name: name as 'loans'}))],
	quit: false,
});

describe('Loans screens', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	beforeEach(() => {
		({tight: TIGHT, calm: CALM} = sim.demoLoanIds());
	});
	const open = async (initial: ReturnType<typeof at>, journal = emptyJournal()) => {
		app = await renderApp({baseUrl: sim.simulator.url, demo: true, credentials: TEST_CREDENTIALS, initial, journal});
		return app;
	};
	const reads = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation).length;
	const posts = (operation: string) => sim.simulator.requests.filter((r) => r.operation === operation && r.method === 'POST');

	it('lists the loans riskiest first with the gauge numbers and the totals; Ctrl+R reads again', async () => {
		await open(at('loans'));
		await app!.waitForText('Total owed');
		// The chance of a margin call (CHANCE) comes with both pairs' price histories ("…" until then), with its footnote once.
		await waitFor(() => expect(app!.frame()).not.toMatch(/\s…\s/));
		const frame = app!.frame();
		expect(frame.match(/A model from past prices, not a promise\./g)).toHaveLength(1);
		expect(frame).toMatch(/^\s+HOURLY\s+COLLATERAL\s+PRICE\s+CALL AT\s+LIQ AT\s+CHANCE\s+EXPIRES$/m);
		const lines = frame.split('\n');
		const warn = lines.findIndex((line) => line.includes('▵ WARN'));
		const ok = lines.findIndex((line) => line.includes('✓ ok'));
		expect(warn).toBeGreaterThan(0);
		expect(ok).toBeGreaterThan(warn);
		expect(lines[warn]).toMatch(/^› ▵ WARN\s+23,400\.0000 USDT\s+0\.8190\s+6\.13%/);
		expect(lines[warn + 1]).toMatch(/^\s+0\.000700%\s+20\.00000000 ETH\s+1,545\.0000\s+1,462\.5512\s+1,300\.0455\s+\d+%\s+none \(flexible\)/);
		expect(lines[warn + 2]).toMatch(/LTV 75\.73% \/ call 80\.00% \/ liq 90\.00% · falls: 5\.34% to call, 15\.85% to liq/);
		expect(lines[ok]).toMatch(/9,380\.0000 USDT /);
		expect(lines[ok + 1]).toMatch(/0\.50000000 BTC\s+26,800\.0000\s+23,456\.9450\s+20,850\.6177\s+\d+%\s+in 5 d/);
		expect(frame).toMatch(/Total owed\s+32,783\.5970 USDT\n/);
		expect(frame).toMatch(/updated \d+ s ago/);
		// Ctrl+R reads both again, waited for on the request log (the 15 s refresh could add reads: no exact count).
		const before = {orders: reads('ongoingOrders'), debts: reads('debts')};
		await app!.press(KEYS.ctrlR);
		await waitFor(() => {
			expect(reads('ongoingOrders')).toBeGreaterThan(before.orders);
			expect(reads('debts')).toBeGreaterThan(before.debts);
		});
	});

	it('a pair without 30 days of prices: "no hist." in the list, no footnote while no chance shows; the detail says why in words', async () => {
		sim.simulator.loans.setListedAt('ETH', Date.now() - 5 * 86_400_000);
		sim.simulator.loans.setListedAt('BTC', Date.now() - 5 * 86_400_000);
		await open(at('loans'));
		await app!.waitForText('Total owed');
		await waitFor(() => expect(app!.frame().match(/no hist\./g)).toHaveLength(2));
		expect(app!.frame()).not.toContain('A model from past prices');
		app!.unmount();
		await open(at(TIGHT));
		const frame = await app!.waitForText('not enough price history for ETH');
		expect(frame.replace(/\s+/g, ' ')).toMatch(/Chance not enough price history for ETH \(.*hourly.*\): no chance shown/);
		expect(frame).not.toContain('A model from past prices');
	});

	it('shows what was sent from here, newest first, with s: the outcome and what the check found', async () => {
		const journal = scratchJournal();
		const borrow = await journal.open({time: 1_700_000_000_000, operation: 'borrow', origin: 'app', values: {loanCoin: 'USDT', pledgeCoin: 'BTC'}});
		await journal.update({...borrow, outcome: 'done', orderId: CALM});
		const repay = await journal.open({time: 1_700_000_100_000, operation: 'repay', origin: 'app', values: {orderId: TIGHT, amount: '5'}});
		await journal.update({...repay, outcome: 'unknown', detail: 'no answer'});
		await journal.update({
			...repay,
			outcome: 'unknown',
			detail: 'no answer',
			finding: {status: 'found', message: 'found a repayment', checkedAt: 1_700_000_110_000},
		});
		await open(at('loans'), journal);
		await app!.waitForText('Total owed');
		await app!.press('s');
		const frame = await app!.waitForText('Loans · sent from here');
		expect(frame.indexOf('repay')).toBeLessThan(frame.indexOf('borrow'));
		expect(frame).toContain('? outcome unknown');
		expect(frame).toContain(`✓ done  order ${CALM}`);
		expect(frame).toContain(`order ${TIGHT}, amount 5 — no answer — check: found, found a repayment`);
		await app!.press(KEYS.escape);
		await app!.waitForText('Total owed');
	});

	it('says so when the money record cannot be read, never "nothing sent"', async () => {
		const directory = join(mkdtempSync(join(tmpdir(), 'loan-tui-journal-')), 'loan-tui');
		// A directory where the record's file should be: it cannot be read.
		mkdirSync(join(directory, 'history.jsonl'), {recursive: true});
		await open(at('loans'), moneyJournalAt(directory));
		await app!.waitForText('Total owed');
		await app!.press('s');
		const frame = await app!.waitForText('The money record cannot be read');
		expect(frame.replace(/\s+/g, ' ')).toContain('history.jsonl is a directory, not a file');
		expect(frame).not.toContain('Nothing sent');
	});

	// Interest per started hour: a review shown less than a minute before the loan's next hour starts counts that hour.
	it("the repay review counts the next hour's interest when it starts within a minute, as an estimate", async () => {
		const HOUR = 3_600_000;
		const tight = sim.simulator.loans.all.find((loan) => loan.orderId === TIGHT)!;
		// The demo's tight loan was borrowed 4.5 h ago: five hours charged (0.8190), the sixth starts at borrowTime + 5 h.
		// The server clock put 50 s before that; the test's own time adds to those 50 s, never a wall-clock assertion.
		sim.simulator.setClockOffset(tight.borrowTime + 5 * HOUR - 50_000 - Date.now());
		await open(at(TIGHT));
		await app!.waitForText('Owed now');
		await app!.burst(`r${KEYS.down}${KEYS.enter}`);
		await app!.waitForText('Repay (USDT)');
		await app!.burst(`100${KEYS.enter}${KEYS.down}${KEYS.enter}`);
		const review = await app!.waitForText('Repay? [y/N]');
		// 23,400 × 0.000007 = 0.1638 for the sixth hour, paid first with the five charged.
		expect(review).toMatch(/Repay\s+100 USDT of ≈ 23,400\.9828 USDT owed/);
		expect(review.replace(/\s+/g, ' ')).toContain("Interest ≈ 0.9828 USDT (paid first; estimate, with the next hour's 0.1638 USDT: it starts within a minute)");
		expect(posts('repay')).toEqual([]);
	});

	it('a unified account repays out of the collateral: c on the review says what pledge coin it sells, y sends method collateral', async () => {
		await open(at('loans'));
		await app!.waitForText('Total owed');
		await app!.press(KEYS.enter);
		await app!.waitForText('Owed now');
		// Repay all: r, Enter on "everything".
		await app!.burst(`r${KEYS.enter}`);
		const review = await app!.waitForText('Repay? [y/N]');
		expect(review).not.toContain('Paid with');
		await app!.waitForText(/c from collateral/);
		await app!.press('c');
		// 23,400.8190 owed × 20 ETH × 75.73 % ÷ 23,400.8190 = 15.146 ETH sold at today's price; the rest released.
		const fromCollateral = await app!.waitForText(/Paid with\s+the collateral: ≈ 15\.146\d* ETH sold at today's price, ≈ 4\.85\d* ETH released/);
		expect(fromCollateral).toMatch(/c pay with USDT/);
		await app!.burst('yy');
		await app!.waitForText(/Repaid/);
		expect(posts('repay')).toHaveLength(1);
		expect(JSON.parse(posts('repay')[0]!.body)).toEqual({orderId: TIGHT, repayAll: 'yes', repayUnlock: 'yes', method: 'collateral'});
	});

	it('repays part and keeps the collateral: keys in bursts, one POST for y y, the result fields', async () => {
		await open(at('loans'));
		await app!.waitForText('Total owed');
		await app!.press(KEYS.enter);
		await app!.waitForText('Owed now');
		await app!.burst(`r${KEYS.down}${KEYS.enter}`);
		await app!.waitForText('Repay (USDT)');
		await app!.burst(`100${KEYS.enter}${KEYS.down}${KEYS.enter}`);
		const review = await app!.waitForText('Repay? [y/N]');
		// The amount sent, as sent; the loan's figures at the coin's precision.
		expect(review).toMatch(/Repay\s+100 USDT of ≈ 23,400\.8190 USDT owed/);
		expect(review).toMatch(/Interest\s+≈ 0\.8190 USDT \(paid first; estimate\)/);
		expect(review).toMatch(/Collateral\s+kept \(none released\); LTV 75\.73% → 75\.41%/);
		// Enter is handled (press waits for its frame) and confirms nothing: a confirmation shows "Sending" in the frame
		// of that key, and only a confirmed review posts.
		await app!.press(KEYS.enter);
		app!.flush();
		expect(app!.frame()).not.toContain('Sending');
		expect(app!.frame()).toContain('Repay? [y/N]');
		expect(posts('repay')).toEqual([]);
		await app!.burst('yy');
		// The result says what happened in words, and the loan as read again after the answer (not the figures before).
		const done = await app!.waitForText('now: owes');
		expect(posts('repay')).toHaveLength(1);
		expect(JSON.parse(posts('repay')[0]!.body)).toEqual({orderId: TIGHT, repayAll: 'no', amount: '100', repayUnlock: 'no', method: 'borrowed_coin'});
		expect(done).toContain('✓ Repaid 100.0000 USDT — the loan stays open; collateral kept');
		expect(done).toMatch(/Paid\s+100\.0000 USDT/);
		expect(done).toMatch(/Interest paid\s+0\.8190 USDT/);
		expect(done).toMatch(/Principal paid\s+99\.1810 USDT/);
		expect(done).toMatch(/Released\s+none \(the ETH stays pledged\)/);
		expect(done).toMatch(/now: owes 23,300\.8190 USDT/);
		expect(done).not.toMatch(/repayAmount|payInterest|repayLoanAmount|repayUnlockAmount/);
		await app!.press(KEYS.enter);
		const back = await app!.waitForText(/Borrowed\s+23,300\.8190 USDT/);
		expect(back).toContain('✓ Repaid 100.0000 USDT — the loan stays open; collateral kept');
	});

	it('repays all: the result and the loan read again say the loan is closed by it, and offer only what still applies', async () => {
		await open(at('loans', CALM));
		await app!.waitForText('Owed now');
		await app!.burst(`r${KEYS.enter}`);
		await app!.waitForText('Repay? [y/N]');
		await app!.press('y');
		const done = await app!.waitForText('Enter or Esc: back');
		expect(done).toContain('✓ Repaid in full — the loan is closed; 0.50000000 BTC released');
		expect(done).toMatch(/Released\s+0\.50000000 BTC/);
		// The figures from before the repayment are not shown over the result.
		expect(done).not.toMatch(/LTV 70\.02%|owes 9,?382/);
		await app!.press(KEYS.enter);
		const closed = await app!.waitForText('Nothing is owed on it any more');
		expect(closed).toContain('✓ Repaid in full — the loan is closed; 0.50000000 BTC released');
		expect(closed).not.toContain('no longer open');
		// r, a and w no longer apply: not offered, and they change nothing.
		expect(closed).not.toMatch(/\br repay\b|add collateral|withdraw collateral/);
		await app!.press('r');
		app!.flush();
		expect(app!.frame()).not.toContain('Repay: how much?');
		expect(posts('repay')).toHaveLength(1);
	});

	it('withdrawing to the margin-call LTV is refused before sending; a smaller withdrawal and an addition go through', async () => {
		await open(at('loans', TIGHT));
		await app!.waitForText('Owed now');
		await app!.burst(`w5${KEYS.enter}`);
		await app!.waitForText('at or above the margin-call LTV of 80.00%');
		// Refused on the form, no review: nothing sent (and the POSTs at the end are exactly the two below).
		expect(posts('revisePledge')).toEqual([]);
		await app!.burst(`${KEYS.ctrlU}0.5${KEYS.enter}`);
		const review = await app!.waitForText('Withdraw collateral? [y/N]');
		expect(review).toMatch(/LTV\s+75\.73% → 77\.67% at today's price/);
		expect(review).toMatch(/Withdraw\s+0\.5 ETH \(collateral 20\.00000000 ETH → 19\.50000000 ETH\)/);
		// 75.73 % is past the 75 % that "max withdrawable" keeps (5 points under the call): said, and asked a second time.
		expect(review.replace(/\s+/g, ' ')).toContain(
			'⚠ 0.5 ETH is past the max withdrawable (none now, 5 points under the margin call): the LTV would be 77.67%, 2.33 points from the margin call of 80.00%.',
		);
		await app!.press('y');
		const second = await app!.waitForText('Withdraw anyway, to an LTV of 77.67%, 2.33 points from the margin call? [y/N]');
		// The first y sent nothing: the screen is on the second question, not "Sending".
		expect(second).not.toContain('Sending');
		expect(posts('revisePledge')).toEqual([]);
		// n goes back to the first question; it takes a y and another y.
		await app!.press('n');
		await app!.waitForText('Withdraw collateral? [y/N]');
		await app!.press('y');
		await app!.waitForText('Withdraw anyway, to an LTV of 77.67%');
		await app!.press('y');
		const withdrawn = await app!.waitForText(/LTV now\s+77\.67%/);
		expect(withdrawn).toContain('✓ Withdrew 0.50000000 ETH of collateral — LTV now 77.67%');
		expect(withdrawn).not.toContain('afterPledgeRate');
		await app!.press(KEYS.enter);
		await app!.waitForText('Owed now');
		await app!.burst(`a2${KEYS.enter}`);
		await app!.waitForText('Add collateral? [y/N]');
		await app!.press('y');
		await app!.waitForText('✓ Added 2.00000000 ETH of collateral — LTV now');
		expect(posts('revisePledge').map((p) => JSON.parse(p.body).reviseType)).toEqual(['OUT', 'IN']);
	});

	it('a lost repay answer: outcome unknown, the loans read again, the repayment found; no second POST', async () => {
		await open(at('loans', CALM));
		await app!.waitForText('Owed now');
		await app!.burst(`r${KEYS.down}${KEYS.enter}50${KEYS.enter}${KEYS.enter}`);
		await app!.waitForText('Repay? [y/N]');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'repay'});
		await app!.press('y');
		await app!.waitForText('OUTCOME UNKNOWN');
		const found = await app!.waitForText('found a match', 8000);
		expect(found).toContain(`found a repayment of 50 USDT on order ${CALM}`);
		expect(found).toContain('A match is evidence, not proof');
		expect(found).toContain('OUTCOME UNKNOWN — the repayment may or may not have been made.');
		expect(found).toContain('What happened: the connection broke before an answer arrived');
		expect(found).not.toContain('loan may or may not have been created');
		expect(posts('repay')).toHaveLength(1);
		// Back on the review, the same values need a second y.
		await app!.press(KEYS.escape);
		await app!.waitForText('Repay? [y/N]');
		await app!.press('y');
		await app!.waitForText('Press y again to send a second request');
		expect(posts('repay')).toHaveLength(1);
	});

	it('a lost collateral answer is reconciled too', async () => {
		await open(at('loans', CALM));
		await app!.waitForText('Owed now');
		await app!.burst(`a0.1${KEYS.enter}`);
		await app!.waitForText('Add collateral? [y/N]');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'revisePledge'});
		await app!.press('y');
		const found = await app!.waitForText('found a match', 8000);
		expect(found).toContain(`found 0.1 BTC added on order ${CALM}`);
		expect(found).toContain('OUTCOME UNKNOWN — the collateral change may or may not have been made.');
		expect(posts('revisePledge')).toHaveLength(1);
	});

	it('a lost borrow answer: the borrow wizard reads the loans again and names the order it found', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
			journal: emptyJournal(),
		});
		await app.waitForText('Borrow · 1 of 6');
		await walkToReview(app, '0.5');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await app.press('y');
		const found = await app.waitForText('found a match', 8000);
		const orderId = sim.simulator.orders[0]!.orderId;
		// The box wraps the finding: read it as one line.
		expect(found.replace(/[║\s]+/g, ' ')).toContain(`found order ${orderId}: same coins, period and pledge amount`);
		expect(posts('borrow')).toHaveLength(1);
	});

	it('a lost borrow answer: a look-alike borrowed just before the send is not ours (the loans before the send are read first)', async () => {
		const before = await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'});
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
			journal: emptyJournal(),
		});
		await app.waitForText('Borrow · 1 of 6');
		await walkToReview(app, '0.5');
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await app.press('y');
		const found = (await app.waitForText('Checked since: found a match', 8000)).replace(/[║\s]+/g, ' ');
		const ours = sim.simulator.orders.at(-1)!.orderId;
		expect(ours).not.toBe(before.orderId);
		expect(found).toContain(`found order ${ours}: same coins, period and pledge amount`);
		expect(found).not.toContain(before.orderId);
		expect(posts('borrow')).toHaveLength(2);
	});

	it('history: repayments of the last 30 days, newest first, a page at a time', async () => {
		const client = sim.client();
		for (let i = 1; i <= 30; i++) await client.repay({orderId: CALM, repayAll: false, amount: String(i), repayUnlock: false});
		await open(at('history'));
		await app!.waitForText(/No loans|ORDER/);
		await app!.press('2');
		const first = await app!.waitForText(/page 1 of 2 · records 1-24 of 30, newest first/);
		const amounts = (frame: string) => [...frame.matchAll(/^[› ] \S+ \S+ \S+\s+\d+\s+([\d,]+)\.0000 USDT/gm)].map((m) => Number(m[1]));
		expect(amounts(first)[0]).toBe(30);
		await app!.press(KEYS.pageDown);
		const second = await app!.waitForText('page 2 of 2 · records 25-30 of 30');
		expect(amounts(second)).toEqual([6, 5, 4, 3, 2, 1]);
		await app!.press('-');
		await app!.waitForText('last 7 days');
	});

	it("history: statuses and periods in words; Enter opens a record's loan or says it is closed; c copies; / filters", async () => {
		await sim.client().repay({orderId: CALM, repayAll: true, repayUnlock: true});
		await open(at('history'));
		const frame = await app!.waitForText('page 1 of');
		expect(frame).toMatch(new RegExp(`${CALM}.*7 days\\s+repaid$`, 'm'));
		expect(frame).toMatch(new RegExp(`${TIGHT}.*flexible\\s+open$`, 'm'));
		expect(frame).not.toMatch(/SEVEN|FLEXIBLE|BORROWING|REPAY\b/);
		// The newest first: the repaid loan is the second record.
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText(`${CALM}: closed (repaid), nothing to open`);
		await app!.press('c');
		await app!.waitForText(/select the order id above to copy it|Order ID sent to the clipboard/);
		await app!.burst('/eth');
		const filtered = await app!.waitForText(/\/ eth\s+1 of 2/);
		expect(filtered).not.toContain(CALM);
		await app!.press(KEYS.enter, KEYS.enter);
		await app!.waitForText('Owed now');
		expect(app!.frame()).toContain(`Loan · ${TIGHT}`);
	});

	it("history: back from a record's loan, the same record is selected, found by its identity though a newer record came first", async () => {
		await open(at('loans', 'history'));
		await app!.waitForText(/page 1 of 1 · records 1-2 of 2/);
		await app!.press(KEYS.down);
		const chosen = /^› \S+ \S+ \S+\s+(\d+)/m.exec(await app!.waitForText(/^› .*\n.*page 1 of/m))![1]!;
		await app!.press(KEYS.enter);
		await app!.waitForText('Owed now');
		expect(app!.frame()).toContain(`Loan · ${chosen}`);
		// A loan borrowed meanwhile is the newest record: the chosen one is now the third row, not the second.
		await sim.client().borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.01'});
		await app!.press(KEYS.escape);
		const back = await app!.waitForText(/page 1 of 1 · records 1-3 of 3/);
		expect(back).toMatch(new RegExp(`^› .*${chosen}`, 'm'));
		await app!.press(KEYS.enter);
		await app!.waitForText('Owed now');
		expect(app!.frame()).toContain(`Loan · ${chosen}`);
		// And one more Esc goes back to History, the next to Loans: the stack is as it was.
		await app!.press(KEYS.escape);
		await app!.waitForText(/page 1 of 1 · records 1-3 of 3/);
		await app!.press(KEYS.escape);
		await app!.waitForText('Total owed');
	});

	it('loans: / filters by any word of a row, Esc clears it; c copies the selected order id', async () => {
		await open(at('loans'));
		await app!.waitForText('Total owed');
		await app!.burst('/btc');
		const filtered = await app!.waitForText(/\/ btc\s+1 of 2/);
		expect(filtered).toMatch(/^› ✓ ok/m);
		expect(filtered).not.toContain('▵ WARN');
		await app!.press(KEYS.enter, 'c');
		await app!.waitForText(/select the order id above to copy it|Order ID sent to the clipboard/);
		await app!.press(KEYS.escape);
		const all = await app!.waitForText('▵ WARN');
		expect(all).not.toContain('/ btc');
	});

	it('many loans: a window of rows that fit, moved by the selection; NO_COLOR keeps the risk in words', async () => {
		const client = sim.client();
		for (let i = 0; i < 12; i++) await client.borrow({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.01'});
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: at('loans'),
			journal: emptyJournal(),
			env: {NO_COLOR: '1'},
		});
		const first = await app.waitForText('Total owed');
		expect(first).toContain('Loans · 14 ongoing · riskiest first');
		// Each loan takes three lines here (its figures on two, then the gauge): the window counts the lines it draws.
		expect(first).toContain('loans 1-7 of 14');
		expect(first).toMatch(/^› ▵ WARN/m);
		expect(app.rawFrame()).not.toMatch(/\u001B\[(3[0-8]|9[0-7])[;m]/);
		await app.press(KEYS.end);
		const last = await app.waitForText('loans 8-14 of 14');
		expect(last).not.toContain('▵ WARN');
		expect(last.match(/^› ✓ ok/gm)).toHaveLength(1);
	});

	it('leaving the outcome-unknown screen does not lose the check: it goes on to its bound and its finding is recorded; nothing is sent again', async () => {
		const journal = scratchJournal();
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: at('loans', CALM),
			journal,
			env: {LOAN_TUI_RECONCILE_SECONDS: '3'},
		});
		await app.waitForText('Owed now');
		await app.burst(`a0.1${KEYS.enter}`);
		await app.waitForText('Add collateral? [y/N]');
		// Nothing is carried out (HTML 500): the check finds nothing and keeps reading until its bound.
		sim.simulator.injectFault({kind: 'html-500', operation: 'revisePledge'});
		await app.press('y');
		await app.waitForText('Checking your loans');
		await app.press(KEYS.escape);
		await app.waitForText('Add collateral? [y/N]');
		await expect.poll(async () => (await journal.read()).records[0]?.finding?.status, {timeout: 20_000}).toBe('not-found');
		expect((await journal.read()).records[0]).toMatchObject({operation: 'collateral', outcome: 'unknown'});
		// The late finding does not pull the screen away from the review.
		expect(app.frame()).toContain('Add collateral? [y/N]');
		expect(posts('revisePledge')).toHaveLength(1);
	});

	it('without credentials says how to give them, and sends nothing', async () => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: at('loans'), journal: emptyJournal()});
		const frame = await app.waitForText(/No credentials: reading your loans needs/);
		expect(frame).toContain('Credentials screen');
		expect(frame).toContain('BITGET_API_KEY');
		expect(reads('ongoingOrders')).toBe(0);
	});
});
