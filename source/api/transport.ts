// Credentials travel only over TLS, or to this machine: a plain-http origin on another host would carry the API
// key, passphrase and signature in clear text to anyone on the path.
import {InputError} from './errors.js';

/** Signed requests over plain http to another host, refused before anything is sent (exit 2 on the command line). */
export class InsecureTransportError extends InputError {
	override readonly hint = 'Use an https:// base URL. Only if you know the path is private, pass --allow-insecure-http.';
	constructor(origin: string) {
		super(`refusing to send credentials over plain HTTP to ${origin}: the API key, passphrase and signature would travel unencrypted`);
		this.name = 'InsecureTransportError';
	}
}

export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when `origin` may carry credentials: https, or http to a loopback address. */
export function carriesCredentialsSafely(origin: string): boolean {
	const url = new URL(origin);
	return url.protocol === 'https:' || isLoopbackHost(url.hostname);
}
