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

/**
 * Only names that cannot leave this machine: `localhost`, an IPv4 address in 127.0.0.0/8 and the IPv6 `::1`. Not
 * `*.localhost` (or `localhost.`): a resolver may answer those with a remote address, and the key, passphrase and
 * signature would then travel in clear text to it. `hostname` is a URL's (IPv6 in brackets, already normalised).
 */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
	if (host === 'localhost' || host === '::1') return true;
	const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** True when `origin` may carry credentials: https, or http to a loopback address. */
export function carriesCredentialsSafely(origin: string): boolean {
	const url = new URL(origin);
	return url.protocol === 'https:' || isLoopbackHost(url.hostname);
}
