// The credentials commands of the built CLI against a real Secret Service (gnome-keyring on a private D-Bus bus):
// login → whoami → the entry seen by secret-tool → a borrow signed with the stored key → logout → borrow refused.
// Then a second profile, a stalled Secret Service, and at the end a scan of every output and every file.
import {randomBytes} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startSimulator, type Simulator} from '../../source/simulator/index.js';
import {CLI} from '../helpers/cli.js';
import {cliSandbox, type CliSandbox} from '../helpers/cli-sandbox.js';
import {SECRET_SERVICE_UNAVAILABLE, startSecretService, type SecretService} from '../helpers/secret-service.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const skip = SECRET_SERVICE_UNAVAILABLE !== undefined;
const named = (title: string, extra?: string) => {
	const reasons = [SECRET_SERVICE_UNAVAILABLE, extra].filter(Boolean);
	return reasons.length > 0 ? `${title} — skipped: ${reasons.join('; ')}` : title;
};

// Distinctive values, so the scan at the end cannot match anything by accident.
const token = () => randomBytes(6).toString('hex');
const defaultCredentials = {apiKey: `bg_default_${token()}`, secretKey: `S3cret-${token()}`, passphrase: `Pass-${token()}`};
const workCredentials = {apiKey: `bg_work_${token()}`, secretKey: `S3cret-work-${token()}`, passphrase: `Pass-work-${token()}`};
const threeLines = (c: typeof defaultCredentials) => `${c.apiKey}\n${c.secretKey}\n${c.passphrase}\n`;
const masked = (apiKey: string) => `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
const borrowArgs = (url: string) => [
	'borrow',
	'--base-url',
	url,
	'--loan-coin',
	'USDT',
	'--pledge-coin',
	'BTC',
	'--daily',
	'SEVEN',
	'--pledge-amount',
	'0.1',
	'--yes',
];

describe('credentials in a real Secret Service (built CLI)', () => {
	let service: SecretService;
	let simulator: Simulator;
	let sandbox: CliSandbox;
	const run = (args: string[], options: {input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number} = {}) =>
		sandbox.run(args, {...options, env: {...service.env, ...options.env}});

	beforeAll(async () => {
		if (skip) return;
		[service, simulator] = await Promise.all([startSecretService(), startSimulator({accounts: [defaultCredentials, workCredentials]})]);
		sandbox = cliSandbox();
	});
	afterAll(async () => {
		await Promise.all([service?.stop(), simulator?.close()]);
		sandbox?.remove();
	});

	it.skipIf(skip)(named('login --stdin, whoami, secret-tool, a borrow signed with the stored key, logout, then a refused borrow'), async () => {
		const login = await run(['login', '--stdin'], {input: threeLines(defaultCredentials)});
		expect(login.stderr).toBe('');
		expect(login).toMatchObject({code: 0, stdout: `Saved credentials for profile default in the OS keychain (key ${masked(defaultCredentials.apiKey)}).\n`});

		const whoami = await run(['whoami']);
		expect(whoami.code).toBe(0);
		expect(whoami.stdout).toMatch(/profile\s+default\n/);
		expect(whoami.stdout).toMatch(/source\s+keychain\n/);
		expect(whoami.stdout).toContain(masked(defaultCredentials.apiKey));
		expect(whoami.stdout).not.toContain(defaultCredentials.apiKey);
		const json = await run(['whoami', '--json']);
		// The identity, and the account's mode asked with the stored key (never the key itself).
		expect(JSON.parse(json.stdout)).toEqual({
			profile: 'default',
			source: 'keychain',
			apiKey: masked(defaultCredentials.apiKey),
			account: expect.objectContaining({words: expect.any(String)}),
		});
		expect(json.stdout).not.toContain(defaultCredentials.apiKey);

		// One item, service loan-tui, account default, holding all three values.
		expect(JSON.parse((await service.lookup('default'))!)).toEqual(defaultCredentials);

		const borrow = await run(borrowArgs(simulator.url));
		expect(borrow.stderr).toBe('');
		expect(borrow.code).toBe(0);
		expect(borrow.stdout).toMatch(/^Loan order created: \S+\n$/);
		const posts = simulator.requests.filter((request) => request.method === 'POST');
		expect(posts).toHaveLength(1);
		expect(posts[0]!.headers['access-key']).toBe(defaultCredentials.apiKey);
		expect(posts[0]!.status).toBe(200);
		expect(simulator.orders).toHaveLength(1);
		expect(simulator.orders[0]).toMatchObject({apiKey: defaultCredentials.apiKey, loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.1'});
		expect(borrow.stdout).toContain(simulator.orders[0]!.orderId);

		const logout = await run(['logout']);
		expect(logout).toMatchObject({code: 0, stdout: 'Removed the credentials of profile default from the OS keychain.\n', stderr: ''});
		expect(await service.lookup('default')).toBeUndefined();
		const again = await run(['logout']);
		expect(again).toMatchObject({code: 0, stdout: 'No credentials were stored for profile default in the OS keychain: nothing to remove.\n'});

		const requestsBefore = simulator.requests.length;
		const refused = await run(borrowArgs(simulator.url));
		expect(refused.code).toBe(2);
		expect(refused.stdout).toBe('');
		expect(refused.stderr).toContain('no credentials for profile "default"');
		expect(refused.stderr).toContain('loan-tui login');
		expect(refused.stderr).toContain('BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE');
		expect(simulator.requests).toHaveLength(requestsBefore);
		expect(simulator.orders).toHaveLength(1);

		const nobody = await run(['whoami']);
		expect(nobody.code).toBe(2);
		expect(nobody.stderr).toContain('no credentials for profile "default"');
	});

	it.skipIf(skip)(named('--profile work is its own entry, also chosen by LOAN_TUI_PROFILE'), async () => {
		await run(['login', '--stdin'], {input: threeLines(defaultCredentials)});
		const login = await run(['login', '--stdin', '--profile', 'work'], {input: threeLines(workCredentials)});
		expect(login).toMatchObject({code: 0, stdout: `Saved credentials for profile work in the OS keychain (key ${masked(workCredentials.apiKey)}).\n`});
		expect(JSON.parse((await service.lookup('work'))!)).toEqual(workCredentials);
		expect(JSON.parse((await service.lookup('default'))!)).toEqual(defaultCredentials);

		expect(JSON.parse((await run(['whoami', '--json', '--profile', 'work'])).stdout)).toMatchObject({
			profile: 'work',
			source: 'keychain',
			apiKey: masked(workCredentials.apiKey),
		});
		expect(JSON.parse((await run(['whoami', '--json'], {env: {LOAN_TUI_PROFILE: 'work'}})).stdout)).toMatchObject({
			profile: 'work',
			apiKey: masked(workCredentials.apiKey),
		});
		expect(JSON.parse((await run(['whoami', '--json'])).stdout)).toMatchObject({profile: 'default', apiKey: masked(defaultCredentials.apiKey)});

		const ordersBefore = simulator.orders.length;
		// --debug too: its request log must show the ACCESS-* headers redacted (the scan at the end checks it all).
		const borrow = await run([...borrowArgs(simulator.url), '--profile', 'work', '--debug']);
		expect(borrow.code).toBe(0);
		expect(borrow.stderr).toMatch(/debug: POST .*access-sign: \[redacted\]/);
		expect(simulator.orders.slice(ordersBefore)).toMatchObject([{apiKey: workCredentials.apiKey}]);

		const logout = await run(['logout', '--profile', 'work', '--json']);
		expect(JSON.parse(logout.stdout)).toEqual({profile: 'work', removed: true});
		expect(await service.lookup('work')).toBeUndefined();
		// The default profile is untouched.
		expect(JSON.parse((await service.lookup('default'))!)).toEqual(defaultCredentials);
		const refused = await run([...borrowArgs(simulator.url), '--profile', 'work']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain('no credentials for profile "work"');
		expect(refused.stderr).toContain('loan-tui login --profile work');
	});

	it.skipIf(skip)(named('the environment overrides the keychain; login still stores but says so'), async () => {
		const environment = {BITGET_API_KEY: workCredentials.apiKey, BITGET_SECRET_KEY: workCredentials.secretKey, BITGET_PASSPHRASE: workCredentials.passphrase};
		const whoami = await run(['whoami', '--json'], {env: environment});
		expect(JSON.parse(whoami.stdout)).toMatchObject({profile: 'default', source: 'environment', apiKey: masked(workCredentials.apiKey)});

		const login = await run(['login', '--stdin'], {input: threeLines(defaultCredentials), env: environment});
		expect(login.code).toBe(0);
		expect(login.stdout).toContain('Saved credentials for profile default');
		expect(login.stderr).toMatch(/BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE are set in this environment and take precedence/);
		expect(JSON.parse((await service.lookup('default'))!)).toEqual(defaultCredentials);
	});

	it.skipIf(skip)(named('a malformed entry (written by something else) is reported without its content, and login replaces it'), async () => {
		const junk = `not json ${defaultCredentials.secretKey}`;
		await service.store('broken', junk);
		const requestsBefore = simulator.requests.length;
		for (const args of [
			['whoami', '--profile', 'broken'],
			[...borrowArgs(simulator.url), '--profile', 'broken'],
		]) {
			const result = await run(args);
			expect(result.code).toBe(2);
			expect(result.stderr).toContain('the OS keychain entry for profile "broken" (service loan-tui) is malformed');
			expect(result.stderr).toContain('loan-tui login --profile broken');
			expect(result.stderr).not.toContain('not json');
		}
		expect(simulator.requests).toHaveLength(requestsBefore);
		expect((await run(['login', '--stdin', '--profile', 'broken'], {input: threeLines(workCredentials)})).code).toBe(0);
		expect(JSON.parse((await run(['whoami', '--json', '--profile', 'broken'])).stdout)).toMatchObject({
			source: 'keychain',
			apiKey: masked(workCredentials.apiKey),
		});
		expect((await run(['logout', '--profile', 'broken'])).code).toBe(0);
	});

	it.skipIf(skip)(named('an item saved through keytar (an older loan-tui) is moved: read by the app, the old item gone, said once'), async () => {
		const moved = {apiKey: `bg_old_${token()}`, secretKey: defaultCredentials.secretKey, passphrase: defaultCredentials.passphrase};
		// Exactly what keytar 7.9 wrote: label loan-tui/old, attributes service=loan-tui, account=old.
		await service.storeKeytar('old', JSON.stringify(moved));
		expect(await service.lookup('old')).toBeUndefined();

		const whoami = await run(['whoami', '--json', '--profile', 'old']);
		expect(whoami.code).toBe(0);
		expect(JSON.parse(whoami.stdout)).toMatchObject({profile: 'old', source: 'keychain', apiKey: masked(moved.apiKey)});
		expect(whoami.stderr).toBe(
			'loan-tui: Moved the credentials of profile old from the OS keychain item an older loan-tui saved (through keytar) to the current one, and removed the older item.\n',
		);
		// The current item holds them, keytar's is gone: one item left, in the binding's shape.
		expect(JSON.parse((await service.lookup('old'))!)).toEqual(moved);
		expect(await service.lookupKeytar('old')).toBeUndefined();
		expect(await service.count({service: 'loan-tui', username: 'old'})).toBe(1);
		expect(await service.count({service: 'loan-tui', account: 'old'})).toBe(0);

		// Idempotent: the next run reads the current item and has nothing to say.
		const again = await run(['whoami', '--profile', 'old']);
		expect(again).toMatchObject({code: 0, stderr: ''});
		expect(again.stdout).toContain(masked(moved.apiKey));

		// Both (an older loan-tui run again after the move): the current item wins, and that is said.
		await service.storeKeytar('old', JSON.stringify({...moved, apiKey: `bg_stale_${token()}`}));
		const both = await run(['whoami', '--json', '--profile', 'old']);
		expect(both.code).toBe(0);
		expect(JSON.parse(both.stdout)).toMatchObject({apiKey: masked(moved.apiKey)});
		expect(both.stderr).toMatch(/^loan-tui: Profile old had credentials .* besides the current ones: kept the current ones, removed the older item\.\n$/);
		expect(await service.lookupKeytar('old')).toBeUndefined();

		// Logout leaves nothing behind, an old item included.
		await service.storeKeytar('old', JSON.stringify(moved));
		expect(JSON.parse((await run(['logout', '--json', '--profile', 'old'])).stdout)).toEqual({profile: 'old', removed: true});
		expect(await service.lookup('old')).toBeUndefined();
		expect(await service.lookupKeytar('old')).toBeUndefined();
	});

	it.skipIf(skip)(named('a Secret Service that never answers: a timeout message after 3 s, and the run ends'), async () => {
		service.freeze();
		try {
			// The hard kill at 20 s is below the 25 s (or more) that D-Bus keeps a stuck libsecret call, and with it the
			// process, alive: a run that waited for D-Bus would end by the kill (a signal), not by itself with exit 2.
			const whoami = await run(['whoami'], {timeoutMs: 20_000});
			expect(whoami.signal).toBeNull();
			expect(whoami.code).toBe(2);
			// Ended by the keychain deadline (the helper process is killed at it), or by the Secret Service client giving up
			// waiting for the reply first (libdbus, inside @napi-rs/keyring): either way the message says it did not answer.
			expect(whoami.stderr).toMatch(/the keychain did not answer( within 3 s)? \(a locked keyring/);
			expect(whoami.stderr).toContain('BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE');
		} finally {
			service.thaw();
		}
		expect((await run(['whoami'])).code).toBe(0);
	});

	it.skipIf(skip || tmuxMissing !== undefined)(
		named('login on a real terminal (tmux): prompts, and never shows the secret or passphrase', tmuxMissing),
		async () => {
			// The run gets exactly the sandbox environment plus the bus, as with the piped runs.
			// Something saved already: the prompt says it will be replaced.
			expect((await run(['login', '--stdin', '--profile', 'tty'], {input: threeLines(defaultCredentials)})).code).toBe(0);
			const env = Object.entries(sandbox.env(service.env)).map(([name, value]) => `${name}='${value}'`);
			const terminal = Tmux.start(`env -i PATH='${process.env.PATH}' ${env.join(' ')} '${process.execPath}' '${CLI}' login --profile tty`);
			try {
				await terminal.waitFor(/API key:\s*$/m);
				await terminal.send(workCredentials.apiKey, 'Enter');
				await terminal.waitFor(/Secret key \(hidden\):\s*$/m);
				// Typed at a hidden prompt: nothing shows until Enter brings the next prompt.
				terminal.sendUnseen(workCredentials.secretKey);
				await terminal.send('Enter');
				await terminal.waitFor(/Passphrase \(hidden\):\s*$/m);
				terminal.sendUnseen(workCredentials.passphrase);
				await terminal.send('Enter');
				const screen = await terminal.waitFor(/EXIT=\d+/);
				// Scanned at the end with the rest; the API key typed at its (echoed, by design) prompt is left out.
				sandbox.outputs.push({code: null, stdout: screen.replace(`API key: ${workCredentials.apiKey}`, 'API key: <typed>'), stderr: ''});
				expect(screen).toContain('EXIT=0');
				expect(screen).toContain('Credentials for profile tty (stored in the OS keychain, replacing the saved ones):');
				expect(screen).toContain(`API key: ${workCredentials.apiKey}`);
				expect(screen).toMatch(/Secret key \(hidden\): *\n/);
				expect(screen).toMatch(/Passphrase \(hidden\): *\n/);
				expect(screen).toContain(`Saved credentials for profile tty in the OS keychain (key ${masked(workCredentials.apiKey)}).`);
				expect(screen).not.toContain(workCredentials.secretKey);
				expect(screen).not.toContain(workCredentials.passphrase);
				expect(JSON.parse((await service.lookup('tty'))!)).toEqual(workCredentials);
			} finally {
				terminal.kill();
			}
			expect((await run(['logout', '--profile', 'tty'])).code).toBe(0);
		},
	);

	it.skipIf(skip || tmuxMissing !== undefined)(
		named('the app moves an old keytar item too, and says so after the screen is restored, not across it', tmuxMissing),
		async () => {
			await service.storeKeytar('app', JSON.stringify(workCredentials));
			const env = Object.entries(sandbox.env(service.env)).map(([name, value]) => `${name}='${value}'`);
			const terminal = Tmux.start(
				`env -i PATH='${process.env.PATH}' ${env.join(' ')} '${process.execPath}' '${CLI}' --profile app --base-url '${simulator.url}'`,
				{columns: 120},
			);
			try {
				await terminal.waitFor('? this help');
				await terminal.burst('6');
				const credentialsScreen = await terminal.waitFor(masked(workCredentials.apiKey));
				expect(credentialsScreen).not.toContain('Moved the credentials');
				await terminal.burst('q');
				const after = await terminal.waitFor(/EXIT=\d+/);
				sandbox.outputs.push({code: null, stdout: after, stderr: ''});
				// The pane wraps the line at its width: read it unwrapped.
				expect(after.replace(/\n/g, '')).toContain(
					'loan-tui: Moved the credentials of profile app from the OS keychain item an older loan-tui saved (through keytar) to the current one',
				);
				expect(after).not.toContain(workCredentials.secretKey);
			} finally {
				terminal.kill();
			}
			expect(JSON.parse((await service.lookup('app'))!)).toEqual(workCredentials);
			expect(await service.lookupKeytar('app')).toBeUndefined();
			expect((await run(['logout', '--profile', 'app'])).code).toBe(0);
		},
	);

	it.skipIf(skip)(named('afterwards, no secret or passphrase in any output or any file the CLI could write'), async () => {
		expect(sandbox.outputs.length).toBeGreaterThan(15);
		const secrets = [defaultCredentials.secretKey, defaultCredentials.passphrase, workCredentials.secretKey, workCredentials.passphrase];
		const forms = secrets.flatMap((secret) => [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')]);
		for (const {stdout, stderr} of sandbox.outputs) {
			for (const form of forms) {
				expect(stdout).not.toContain(form);
				expect(stderr).not.toContain(form);
			}
			// The API key appears only masked.
			expect(stdout + stderr).not.toContain(defaultCredentials.apiKey);
			expect(stdout + stderr).not.toContain(workCredentials.apiKey);
		}
		// HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_RUNTIME_DIR and TMPDIR (os.tmpdir() of the CLI) are all inside the
		// sandbox. The keyring's own file lives in the Secret Service's directory (service.root), deliberately outside:
		// gnome-keyring protects it with the (empty) test password only, and it is the keychain, not our writing.
		const files = sandbox.files();
		for (const [path, bytes] of files) {
			for (const form of forms) expect(bytes.includes(Buffer.from(form)), `${form} in ${path}`).toBe(false);
		}
		expect(service.root.startsWith(sandbox.root)).toBe(false);
	});
});
