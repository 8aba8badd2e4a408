// Text from the server is untrusted: escape sequences in messages or records must never reach the terminal.
import {afterEach, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {renderApp, walkToReview, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIAL_ENV, TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

// Clear screen, set the window title, ring the bell, a C1 CSI, and a bidi override.
const HOSTILE = '\u001B[2J\u001B]0;pwned\u0007\u009B31m\u202Eevil';
const hostileEnvelope = JSON.stringify({code: '40034', msg: `Parameter ${HOSTILE} does not exist`, requestTime: 1700000000000, data: null});
const hostileSymbols = JSON.stringify({
	code: '00000',
	msg: 'success',
	requestTime: 1700000000000,
	data: [{symbol: `BTC${HOSTILE}USDT`, baseCoin: 'BTC', quoteCoin: 'USDT', status: `online${HOSTILE}`}],
});
const env = TEST_CREDENTIAL_ENV;

function expectInert(output: string): void {
	expect(output).not.toContain('\u001B[2J');
	expect(output).not.toContain('\u001B]');
	expect(output).not.toContain('\u0007');
	expect(output).not.toContain('\u009B');
	expect(output).not.toContain('\u202E');
}

describe('hostile server data', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	it('a message with escape sequences is printed inert by the CLI, as text and as JSON', async () => {
		for (const json of [false, true]) {
			sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 400, body: hostileEnvelope});
			const result = await runCli(['symbols', '--base-url', sim.simulator.url, ...(json ? ['--json'] : [])], {env});
			expect(result.code).toBe(1);
			expect(result.stderr).toContain('40034');
			expect(result.stderr).toContain('pwned');
			expectInert(result.stderr);
			expectInert(result.stdout);
		}
	});

	it('records with control characters are refused as a protocol error, never displayed', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', body: hostileSymbols});
		const result = await runCli(['symbols', '--base-url', sim.simulator.url]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('unexpected answer');
		expect(result.stderr).toContain('data.0.symbol');
		expectInert(result.stderr);
		expect(result.stdout).toBe('');
	});

	it('the app shows a hostile error message inert, in the screen and the status line', async () => {
		sim.simulator.injectFault({kind: 'raw', operation: 'symbols', status: 400, body: hostileEnvelope});
		app = await renderApp({baseUrl: sim.simulator.url, initial: {stack: [{name: 'home'}, {name: 'symbols'}], quit: false}});
		const frame = await app.waitForText('Ctrl+R to retry');
		expect(frame).toContain('40034');
		expectInert(app.rawFrame());
	});

	it('the app shows a hostile borrow refusal inert on the review', async () => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: {stack: [{name: 'home'}, {name: 'borrow'}], quit: false},
		});
		await walkToReview(app, '1');
		sim.simulator.injectFault({kind: 'raw', operation: 'borrow', status: 400, body: hostileEnvelope});
		await app.press('y');
		await app.waitForText('40034');
		expectInert(app.rawFrame());
		expect(sim.simulator.orders).toEqual([]);
	});
});
