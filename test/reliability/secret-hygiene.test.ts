// Secret hygiene across the whole product: every command (with --debug where it logs), failures included, and an
// interactive borrow whose credentials are typed into the app. Afterwards the known secret key and passphrase
// appear nowhere: not in stdout or stderr, not on any captured screen, not in any file under HOME, the XDG
// config and cache directories or the temp directory the runs used.
import {randomBytes} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';
import {CLI} from '../helpers/cli.js';
import {cliSandbox, type CliSandbox} from '../helpers/cli-sandbox.js';
import {SECRET_SERVICE_UNAVAILABLE, startSecretService, type SecretService} from '../helpers/secret-service.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const tag = randomBytes(6).toString('hex');
const credentials = {apiKey: `bg_hyg_${tag}_key`, secretKey: `S3cret-hyg-${tag}`, passphrase: `Pass-hyg-${tag}`};
const skip = SECRET_SERVICE_UNAVAILABLE ?? tmuxMissing;

describe.skipIf(skip)(`secret hygiene of every command and the app${skip ? ` (skipped: ${skip})` : ''}`, () => {
	let service: SecretService;
	let sandbox: CliSandbox;
	let simulator: Simulator;
	const screens: string[] = [];
	beforeAll(async () => {
		service = await startSecretService();
		sandbox = cliSandbox();
		simulator = await startSimulator({accounts: [credentials]});
	});
	afterAll(async () => {
		await simulator?.close();
		await service?.stop();
		sandbox?.remove();
	});

	const bus = () => service.env;
	const base = () => ['--base-url', simulator.url];
	const borrow = ['borrow', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '7', '--pledge-amount', '0.1', '--yes'];
	const environment = {BITGET_API_KEY: credentials.apiKey, BITGET_SECRET_KEY: credentials.secretKey, BITGET_PASSPHRASE: credentials.passphrase};

	it('runs every command with the keychain, the environment, and failures', async () => {
		const input = `${credentials.apiKey}\n${credentials.secretKey}\n${credentials.passphrase}\n`;
		expect((await sandbox.run(['login', '--stdin'], {env: bus(), input})).code).toBe(0);
		expect((await sandbox.run(['whoami'], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['whoami', '--json'], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['symbols', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['symbols', 'BTCUSDT', '--json', '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect(
			(await sandbox.run(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--all', '--pledge-amount', '1', '--debug', ...base()], {env: bus()}))
				.code,
		).toBe(0);
		expect((await sandbox.run([...borrow, '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run([...borrow.slice(0, -2), '99999', '--yes', '--json', '--debug', ...base()], {env: bus()})).code).toBe(1);
		simulator.injectFault({kind: 'reset-after-order', operation: 'borrow'});
		expect((await sandbox.run([...borrow, '--debug', ...base()], {env: bus()})).code).toBe(3);
		// The loan commands, with the request log on, including a repayment whose answer is lost (reconciled).
		const orderId = simulator.orders[0]!.orderId;
		expect((await sandbox.run(['loans', '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['loans', orderId, '--json', '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['coins', '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['history', 'loans', '--debug', ...base()], {env: bus()})).code).toBe(0);
		expect((await sandbox.run(['collateral', orderId, 'add', '0.01', '--yes', '--debug', ...base()], {env: bus()})).code).toBe(0);
		simulator.injectFault({kind: 'reset-after-order', operation: 'repay'});
		expect((await sandbox.run(['repay', orderId, '--amount', '1', '--yes', '--debug', ...base()], {env: bus()})).code).toBe(3);
		expect((await sandbox.run(['history', 'repayments', '--json', '--debug', ...base()], {env: bus()})).code).toBe(0);
		// The environment's credentials: signed lookups and a borrow, with the request log on.
		expect((await sandbox.run(['whoami', '--json'], {env: environment})).code).toBe(0);
		expect(
			(
				await sandbox.run(['estimate', '--loan-coin', 'USDT', '--pledge-coin', 'BTC', '--daily', '30', '--pledge-amount', '1', '--debug', ...base()], {
					env: environment,
				})
			).code,
		).toBe(0);
		expect((await sandbox.run([...borrow, '--debug', ...base()], {env: environment})).code).toBe(0);
		expect((await sandbox.run([...borrow, '--debug', '--base-url', 'http://127.0.0.1:1'], {env: environment})).code).toBe(1);
		expect((await sandbox.run([...borrow, ...base()], {env: {BITGET_API_KEY: credentials.apiKey, BITGET_SECRET_KEY: credentials.secretKey}})).code).toBe(2);
		// The local history of what was sent, as a table and as JSON (its file is scanned below too).
		expect((await sandbox.run(['history', '--local'])).code).toBe(0);
		expect((await sandbox.run(['history', '--local', '--json'])).code).toBe(0);
		expect((await sandbox.run(['--help'])).code).toBe(0);
		expect((await sandbox.run(['logout'], {env: bus()})).code).toBe(0);
		expect(simulator.orders.length).toBe(3);
		// 25 runs one after another: on a loaded two-core machine they took over a minute. The bound only catches a hang.
	}, 240_000);

	it('borrows in the app with credentials typed into the wizard', async () => {
		// Nothing stored, whatever the test before left (a run cut short never reached its logout).
		expect((await sandbox.run(['logout'], {env: bus()})).code).toBe(0);
		const tmux = Tmux.start(`node ${CLI} --base-url ${simulator.url}`, {env: sandbox.env(bus())});
		try {
			const capture = async (text: string | RegExp) => {
				const screen = await tmux.waitFor(text);
				screens.push(screen);
				return screen;
			};
			await capture('? this help');
			await tmux.send('Down');
			await tmux.send('Down');
			await tmux.send('Enter');
			await capture('Borrow · 1 of 6');
			await tmux.typeText('USDT');
			await tmux.send('Enter');
			await tmux.typeText('BTC');
			await tmux.send('Enter');
			await capture('Borrow · 3 of 6');
			await tmux.send('Enter');
			await capture('Borrow · 4 of 6');
			await tmux.send('Enter');
			await tmux.typeText('0.1');
			await tmux.send('Enter');
			await capture('none were found');
			await tmux.typeText(credentials.apiKey);
			await tmux.send('Enter');
			await tmux.typeText(credentials.secretKey);
			await capture('Secret key');
			await tmux.send('Enter');
			await tmux.typeText(credentials.passphrase);
			await capture('Passphrase');
			await tmux.send('Enter');
			await capture('Where should these credentials be kept?');
			await tmux.send('Down');
			await tmux.send('Enter');
			await capture('Borrow? [y/N]');
			await tmux.send('y');
			await capture('Order ID:');
			await tmux.send('C-c');
			await capture('EXIT=0');
		} finally {
			tmux.kill();
		}
		expect(simulator.orders.at(-1)!.apiKey).toBe(credentials.apiKey);
	}, 90_000);

	it('finds the secret key and passphrase nowhere', () => {
		const secrets = [credentials.secretKey, credentials.passphrase];
		const texts = [...sandbox.outputs.flatMap((run) => [run.stdout, run.stderr]), ...screens];
		expect(texts.length).toBeGreaterThan(30);
		for (const secret of secrets) {
			for (const text of texts) expect(text).not.toContain(secret);
		}
		// The CLI shows the API key only masked (on screen it is visible only while being typed, like a user name).
		for (const run of sandbox.outputs) expect(run.stdout + run.stderr).not.toContain(credentials.apiKey);
		const files = sandbox.files();
		// The local history was written (every money POST above, and the app's borrow): the scan covers it.
		const history = [...files].find(([path]) => path.endsWith('loan-tui/history.jsonl'));
		expect(history, 'the local history file').toBeDefined();
		expect(history![1].toString('utf8').trim().split('\n').length).toBeGreaterThanOrEqual(6);
		for (const [path, bytes] of files) {
			for (const secret of [...secrets, credentials.apiKey]) {
				expect(bytes.includes(Buffer.from(secret)), `${secret} in ${path}`).toBe(false);
			}
		}
		// --debug logged requests, and redacted them.
		const debug = sandbox.outputs.map((run) => run.stderr).join('\n');
		expect(debug).toContain('access-sign: [redacted]');
		expect(debug).toContain('access-passphrase: [redacted]');
	});
});
