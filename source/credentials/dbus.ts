// Linux only: is there a D-Bus session bus to reach the Secret Service through? Checked before any keychain
// call, so a missing bus is a clear message within milliseconds, and GLib never falls back to its X11
// autolaunch (which fails anyway without a display, after creating ~/.cache).
import {connect} from 'node:net';
import {statSync} from 'node:fs';
import {join} from 'node:path';
import {noSessionBus, sessionBusUnreachable} from './keychain-errors.js';

/** What libsecret reads from the process environment to find the bus (runtime/config.ts reads it). */
export interface SessionBus {
	/** DBUS_SESSION_BUS_ADDRESS */
	address?: string;
	/** XDG_RUNTIME_DIR, where the systemd user bus socket is */
	runtimeDir?: string;
	/** DISPLAY, for GLib's autolaunch */
	display?: string;
}

/** Resolves when a session bus is (or may be) reachable; rejects with a CredentialsError saying why not. */
export async function checkSessionBus(bus: SessionBus, timeoutMs: number): Promise<void> {
	const address = bus.address?.trim();
	if (!address) {
		// GLib's own fallbacks: the systemd user bus socket, then autolaunch through an X11 display.
		if (bus.runtimeDir && isSocket(join(bus.runtimeDir, 'bus'))) return;
		if (bus.display) return;
		throw noSessionBus();
	}
	const sockets = address.split(';').map(socketPathOf);
	// A transport we cannot probe from here (tcp:, launchd:, ...): let libsecret try it.
	if (sockets.some((path) => path === undefined)) return;
	let lastFailure = '';
	for (const path of sockets as string[]) {
		const failure = await tryConnect(path, timeoutMs);
		if (failure === undefined) return;
		lastFailure = failure;
	}
	throw sessionBusUnreachable(address, lastFailure);
}

/** The socket of one `unix:path=...` or `unix:abstract=...` address; undefined for anything else. */
function socketPathOf(entry: string): string | undefined {
	const match = /^unix:(.*)$/.exec(entry.trim());
	if (!match) return undefined;
	const keys = new Map(
		match[1]!.split(',').map((pair) => {
			const at = pair.indexOf('=');
			return [pair.slice(0, at), unescapeValue(pair.slice(at + 1))] as const;
		}),
	);
	const path = keys.get('path');
	if (path) return path;
	const abstract = keys.get('abstract');
	// Linux abstract sockets: Node takes them with a leading NUL.
	if (abstract) return `\0${abstract}`;
	return undefined;
}

/** D-Bus addresses %-escape bytes in values. */
function unescapeValue(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

function tryConnect(path: string, timeoutMs: number): Promise<string | undefined> {
	return new Promise((resolve) => {
		const socket = connect({path});
		const done = (failure: string | undefined) => {
			socket.destroy();
			resolve(failure);
		};
		socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
		socket.once('connect', () => done(undefined));
		socket.once('error', (error: NodeJS.ErrnoException) => done(describeSocketError(error)));
	});
}

function describeSocketError(error: NodeJS.ErrnoException): string {
	if (error.code === 'ENOENT') return 'no such socket';
	if (error.code === 'ECONNREFUSED') return 'connection refused: nothing is listening';
	if (error.code === 'EACCES') return 'permission denied';
	return error.code ?? error.message;
}

function isSocket(path: string): boolean {
	try {
		return statSync(path).isSocket();
	} catch {
		return false;
	}
}
