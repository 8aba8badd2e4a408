// Credentials stored by loan-tui before it moved from keytar to @napi-rs/keyring, found so they can be moved.
//
// Both bindings use service "loan-tui" and account = profile name, but they shape the item differently:
// - Linux (Secret Service): keytar's item has the attributes service=loan-tui, account=NAME; @napi-rs/keyring's has
//   service=loan-tui, username=NAME, and neither binding sees the other's. The old item is found here with
//   `secret-tool lookup service loan-tui account NAME` (libsecret-tools): a program most desktops have, no native
//   module, no build. Without it the old item cannot be looked for, and the store says so instead of guessing.
// - macOS (Keychain): both keep a generic password with service and account; @napi-rs/keyring reads keytar's item as
//   it is, so there is nothing to move.
// - Windows (Credential Manager): keytar's target is "loan-tui/NAME" (the password as UTF-8), the Rust keyring
//   crate's is "NAME.loan-tui" (UTF-16). Not moved: an item left by keytar stays where it is and loan-tui login
//   stores the credentials again (docs/credentials.md says so).
// The secret travels only over secret-tool's stdout pipe (a lookup) or nowhere (a clear): never in argv, the
// environment, a log or an error.
import {execFile} from 'node:child_process';

/** The old items of one platform; undefined where there is nothing to move (or no way to move it). */
export interface KeytarItems {
	/** The old item's content, or undefined when there is none. */
	lookup(service: string, account: string): Promise<string | undefined>;
	/** Removes the old item; true when there was one. */
	remove(service: string, account: string): Promise<boolean>;
}

/** The way to old items, or none where there is nothing to move (or no way to move it). */
export type KeytarItemsAccess = {kind: 'none'} | {kind: 'searchable'; items: KeytarItems};

export interface KeytarItemsOptions {
	platform: NodeJS.Platform;
	timeoutMs: number;
}

export function keytarItems(options: KeytarItemsOptions): KeytarItemsAccess {
	if (options.platform !== 'linux') return {kind: 'none'};
	const run = (args: string[]) => runSecretTool(args, options.timeoutMs);
	return {
		kind: 'searchable',
		items: {
			async lookup(service, account) {
				const {code, stdout} = await run(['lookup', 'service', service, 'account', account]);
				// secret-tool exits 1, printing nothing, when no item matches.
				if (code !== 0 || stdout === '') return undefined;
				return stdout;
			},
			async remove(service, account) {
				const before = await this.lookup(service, account);
				if (before === undefined) return false;
				const {code} = await run(['clear', 'service', service, 'account', account]);
				if (code !== 0) throw new Error('secret-tool could not remove the old keychain item');
				return true;
			},
		},
	};
}

/** secret-tool, found on PATH by the system as any command is, with the process's own environment (its bus). */
function runSecretTool(args: string[], timeoutMs: number): Promise<{code: number | null; stdout: string}> {
	return new Promise((resolve, reject) => {
		const child = execFile('secret-tool', args, {timeout: timeoutMs, killSignal: 'SIGKILL', encoding: 'utf8', windowsHide: true}, (error, stdout) => {
			const failure = error as (NodeJS.ErrnoException & {killed?: boolean; code?: unknown}) | null;
			if (failure?.killed) reject(new SecretToolTimeout(timeoutMs));
			else if (failure?.code === 'ENOENT') reject(new SecretToolMissing());
			else if (failure && typeof failure.code !== 'number') reject(new Error(`could not run secret-tool (${String(failure.code ?? failure.message)})`));
			// Only the exit code: secret-tool's stderr is not passed on (it has no secret, but nothing of its is needed).
			else resolve({code: failure ? (failure.code as unknown as number) : 0, stdout});
		});
		child.stdin?.end();
	});
}

/** secret-tool is not installed: old items cannot be looked for (said once, when a profile has no current entry). */
export class SecretToolMissing extends Error {
	constructor() {
		super('credentials saved by an older loan-tui (through keytar) cannot be looked for without secret-tool (sudo apt-get install libsecret-tools)');
		this.name = 'SecretToolMissing';
	}
}

/** secret-tool did not answer in time (a locked keyring waiting on a prompt, a stalled Secret Service). */
export class SecretToolTimeout extends Error {
	constructor(readonly ms: number) {
		super(`secret-tool did not answer within ${ms} ms`);
		this.name = 'SecretToolTimeout';
	}
}
