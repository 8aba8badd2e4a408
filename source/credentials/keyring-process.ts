// @napi-rs/keyring run in a short-lived child process, one per call. A keychain call can block inside the Secret
// Service client (a locked keyring waiting on an unlock prompt, a stalled Secret Service) for 25 s or forever, and a
// native call stuck in Node's thread pool cannot be abandoned: the process cannot even exit until it returns. A child
// can simply be killed at the deadline. The secrets travel over the child's stdin/stdout pipes, never in argv or the
// environment.
import {spawn} from 'node:child_process';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {keychainTimedOut, keyringIncomplete, keyringNotLoaded} from './keychain-errors.js';

/** The keychain calls the store makes, by service and account (the binding's "username"); declared here, beside the
 * process that makes the calls, so keychain.ts imports this file and not the other way round. */
export interface KeyringApi {
	getPassword(service: string, account: string): Promise<string | null>;
	setPassword(service: string, account: string, password: string): Promise<void>;
	deletePassword(service: string, account: string): Promise<boolean>;
}

/** The package that talks to the OS keychain: prebuilt per platform, no install script, no build. */
const KEYRING_PACKAGE = '@napi-rs/keyring';

type Request =
	| {op: 'probe'}
	| {op: 'get'; service: string; account: string}
	| {op: 'set'; service: string; account: string; password: string}
	| {op: 'delete'; service: string; account: string};
type Reply =
	| {ok: true; value: string | boolean | null}
	| {ok: false; stage: 'load'; code?: string; message: string}
	| {ok: false; stage: 'incomplete'}
	| {ok: false; stage: 'call'; message: string};

// Runs in the child: reads one request, loads the binding with a dynamic import (CommonJS, so its exports are on
// `default`; named exports are accepted too), makes the one call, writes one JSON reply line.
// On Linux each entry is pinned to the Secret Service: the binding would otherwise fall back to the kernel keyring
// (keyutils), which forgets everything at logout, and the app promises no silent fallback anywhere.
const CHILD_PROGRAM = `
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const reply = (value) => process.stdout.write('\\n' + JSON.stringify(value) + '\\n');
let mod;
try {
	mod = await import(request.module);
} catch (error) {
	const cause = error && error.cause;
	const detail = String(error && error.message || error) + (cause ? ' (' + String(cause.message || cause).split('\\n')[0] + ')' : '');
	reply({ok: false, stage: 'load', code: error && error.code, message: detail});
	process.exit(0);
}
const api = [mod && mod.default, mod].find((c) => !!c && typeof c.AsyncEntry === 'function');
if (!api) {
	reply({ok: false, stage: 'incomplete'});
	process.exit(0);
}
const entry = () => new api.AsyncEntry(request.service, request.account, {linux: {store: 'secret-service'}});
try {
	const value = request.op === 'probe' ? null
		: request.op === 'get' ? await entry().getPassword()
		: request.op === 'set' ? (await entry().setPassword(request.password), null)
		: await entry().deletePassword();
	reply({ok: true, value: value === undefined ? null : value});
} catch (error) {
	reply({ok: false, stage: 'call', message: String(error && error.message || error)});
}
`;

export interface KeyringProcessOptions {
	timeoutMs: number;
	/** Where the binding is; default: resolved from this module, as Node would for import('@napi-rs/keyring'). */
	keyringUrl?: string;
}

/** The URL of the installed binding, or a CredentialsError when it is not installed. */
export function locateKeyring(): string {
	try {
		return pathToFileURL(createRequire(import.meta.url).resolve(KEYRING_PACKAGE)).href;
	} catch (error) {
		throw keyringNotLoaded(error instanceof Error ? error.message.split('\n')[0]! : String(error), 'MODULE_NOT_FOUND');
	}
}

/** Loads the binding in a helper process and makes no call: resolves when it loads, else rejects with why not. */
export async function probeKeyring(options: KeyringProcessOptions): Promise<void> {
	const module = options.keyringUrl ?? locateKeyring();
	await runChild(module, {op: 'probe'}, options.timeoutMs);
}

/** The three calls, each in its own child process killed at the deadline. */
export function keyringInChildProcess(options: KeyringProcessOptions): KeyringApi {
	const module = options.keyringUrl ?? locateKeyring();
	const call = (request: Request) => runChild(module, request, options.timeoutMs);
	return {
		getPassword: async (service, account) => (await call({op: 'get', service, account})) as string | null,
		setPassword: async (service, account, password) => void (await call({op: 'set', service, account, password})),
		deletePassword: async (service, account) => (await call({op: 'delete', service, account})) === true,
	};
}

function runChild(module: string, request: Request, timeoutMs: number): Promise<string | boolean | null> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--input-type=module', '--eval', CHILD_PROGRAM], {stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true});
		let stdout = '';
		let stderr = '';
		let settled = false;
		const settle = (outcome: () => void) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			outcome();
		};
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			settle(() => reject(keychainTimedOut(timeoutMs)));
		}, timeoutMs);
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
		child.once('error', (error) => settle(() => reject(new Error(`could not start the keychain helper process: ${error.message}`))));
		child.once('close', (code, signal) => {
			settle(() => {
				const reply = lastJsonLine(stdout);
				if (!reply) {
					// stderr may say why (a native crash); it never holds the request, which only went to stdin.
					const detail = stderr.trim().split('\n').at(-1) ?? '';
					reject(new Error(`the keychain helper process ended without an answer (${signal ?? `exit ${code}`})${detail ? `: ${detail}` : ''}`));
				} else if (reply.ok) resolve(reply.value);
				else if (reply.stage === 'load') reject(keyringNotLoaded(reply.message.split('\n')[0]!, reply.code, module));
				else if (reply.stage === 'incomplete') reject(keyringIncomplete());
				else reject(new Error(reply.message));
			});
		});
		// A helper that died early closes its stdin; the 'close' handler above reports that.
		child.stdin.on('error', () => {});
		child.stdin.end(JSON.stringify({...request, module}));
	});
}

function lastJsonLine(text: string): Reply | undefined {
	const line = text.trim().split('\n').at(-1);
	if (!line) return undefined;
	try {
		return JSON.parse(line) as Reply;
	} catch {
		return undefined;
	}
}
