import {afterEach, describe, expect, it} from 'vitest';
import {KEYS, renderApp, waitFor, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {memoryStore} from '../helpers/memory-store.js';
import {noSessionBus} from '../../source/credentials/keychain-errors.js';

const borrowScreen = {stack: [{name: 'home' as const}, {name: 'borrow' as const}], quit: false};

describe('borrow wizard', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	const open = async (options: {credentials?: boolean; openStore?: ReturnType<typeof memoryStore>['store']} = {credentials: true}) => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: borrowScreen,
			demo: options.credentials,
			credentials: options.credentials ? TEST_CREDENTIALS : undefined,
			openStore: options.openStore ? async () => options.openStore! : undefined,
		});
		await app.waitForText('Borrow · 1 of 6');
	};

	const toReview = (amount = '0.5') => walkToReview(app!, amount, {thirty: true});
	const toCredentials = () => walkToReview(app!, '0.5', {thirty: true, until: 'API credentials (none were found)'});

	it('walks to a review that lists every value to be sent, with the live estimate', async () => {
		await open();
		const review = await toReview();
		expect(review).toMatch(/Loan coin\s+USDT/);
		expect(review).toMatch(/Pledge coin\s+BTC/);
		expect(review).toMatch(/Period\s+THIRTY — 30 days/);
		expect(review).toMatch(/Pledge amount\s+0\.5 BTC/);
		await app!.waitForText(/Borrowable\s+\d{1,3}(,\d{3})*(\.\d+)? USDT \(estimate\)/);
		expect(app!.frame()).toMatch(/Hourly interest\s*\d/);
	});

	it('Enter on review sends nothing; y twice in a row sends one POST with the expected body', async () => {
		await open();
		await toReview();
		// Each Enter is handled (press waits for its frame) and confirms nothing: a confirmation shows "Sending" in the
		// frame of that key, and only a confirmed review posts.
		await app!.press(KEYS.enter, KEYS.enter);
		app!.flush();
		expect(app!.frame()).not.toContain('Sending');
		expect(app!.frame()).toContain('Borrow? [y/N]');
		expect(sim.posts()).toEqual([]);
		await app!.press('y', 'y');
		const done = await app!.waitForText('Loan order created');
		const posts = sim.posts();
		expect(posts).toHaveLength(1);
		expect(JSON.parse(posts[0]!.body)).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.5'});
		expect(done).toContain(`Order ID: ${sim.simulator.orders[0]!.orderId}`);
	});

	it('n and Esc on review go back to the amount, keeping what was typed', async () => {
		await open();
		await toReview('0.25');
		await app!.press('n');
		await app!.waitForText(/Pledge \(BTC\)\s+0\.25/);
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow? [y/N]');
		await app!.press(KEYS.escape);
		await app!.waitForText('Borrow · 5 of 6');
		await app!.press(KEYS.escape, KEYS.escape);
		const period = await app!.waitForText('Borrow · 3 of 6');
		expect(period).toContain('borrow USDT · pledge BTC');
		expect(sim.posts()).toEqual([]);
	});

	it('a refusal shows the code and message and returns to review with everything kept', async () => {
		await open();
		await toReview('5000');
		await app!.press('y');
		const refused = await app!.waitForText('43012');
		expect(refused).toContain('Insufficient balance');
		expect(refused).toContain('Borrow? [y/N]');
		expect(refused).toMatch(/Pledge amount\s+5000 BTC/);
		expect(sim.posts()).toHaveLength(1);
	});

	it('an unknown outcome gets its own screen, and the same values need a second y', async () => {
		await open();
		await toReview();
		sim.simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		await app!.press('y');
		const unknown = await app!.waitForText('OUTCOME UNKNOWN');
		expect(unknown).toContain('Check your loan orders on Bitget before borrowing again.');
		await app!.press(KEYS.escape);
		await app!.waitForText('Borrow? [y/N]');
		await app!.press('y');
		await app!.waitForText('Press y again to send a second request');
		expect(sim.posts()).toHaveLength(1);
		await app!.press('y');
		await app!.waitForText('Loan order created');
		expect(sim.posts()).toHaveLength(2);
	});

	it('asks for credentials when none are found and can use them for this session only', async () => {
		const {store, entries} = memoryStore();
		await open({credentials: false, openStore: store});
		await toCredentials();
		await app!.type(TEST_CREDENTIALS.apiKey);
		await app!.press(KEYS.enter);
		await app!.type(TEST_CREDENTIALS.secretKey);
		const masked = app!.frame();
		expect(masked).not.toContain(TEST_CREDENTIALS.secretKey);
		await app!.press(KEYS.enter);
		await app!.type(TEST_CREDENTIALS.passphrase);
		expect(app!.frame()).not.toContain(TEST_CREDENTIALS.passphrase);
		await app!.press(KEYS.enter);
		await app!.waitForText('Use for this session only');
		await app!.press(KEYS.down, KEYS.enter);
		await app!.waitForText('Borrow? [y/N]');
		expect(app!.frame()).toMatch(/Credentials\s+session, key bg_t…6789/);
		await app!.press('y');
		await app!.waitForText('Loan order created');
		expect(sim.posts()[0]!.headers['access-key']).toBe(TEST_CREDENTIALS.apiKey);
		expect(entries.size).toBe(0);
	});

	it('with no usable keychain, the credentials step says why once and offers this session only', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			initial: borrowScreen,
			openStore: async () => {
				throw noSessionBus();
			},
		});
		await app.waitForText('Borrow · 1 of 6');
		await toCredentials();
		for (const value of [TEST_CREDENTIALS.apiKey, TEST_CREDENTIALS.secretKey, TEST_CREDENTIALS.passphrase]) {
			await app.type(value);
			await app.press(KEYS.enter);
		}
		const keep = await app.waitForText('Use for this session only');
		expect(keep).not.toContain('Save in the OS keychain');
		expect(keep.split('no D-Bus session bus').length - 1).toBe(1);
		expect(keep).toContain('Not in the OS keychain: there is no D-Bus session bus');
		await app.press(KEYS.enter);
		await app.waitForText('Borrow? [y/N]');
		expect(app.frame()).toMatch(/Credentials\s+session, key bg_t…6789/);
	});

	it('can save entered credentials to the keychain', async () => {
		const {store, entries} = memoryStore();
		await open({credentials: false, openStore: store});
		await toCredentials();
		for (const value of [TEST_CREDENTIALS.apiKey, TEST_CREDENTIALS.secretKey, TEST_CREDENTIALS.passphrase]) {
			await app!.type(value);
			await app!.press(KEYS.enter);
		}
		await app!.waitForText('Save in the OS keychain');
		await app!.press(KEYS.enter);
		await app!.waitForText('Borrow? [y/N]');
		await waitFor(() => expect(entries.get('default')).toEqual(TEST_CREDENTIALS));
	});

	it('Esc on the first step goes home', async () => {
		await open();
		await app!.press(KEYS.escape);
		await app!.waitForText('Credentials  API key');
	});
});
