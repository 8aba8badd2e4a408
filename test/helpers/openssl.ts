import {execFileSync} from 'node:child_process';

/** base64(HMAC-SHA256(key, message)) computed by openssl: independent of the client's signing code. */
export function opensslSign(key: string, message: string): string {
	return execFileSync('openssl', ['dgst', '-sha256', '-hmac', key, '-binary'], {input: message}).toString('base64');
}
