// Credential checks of reference B.2, in the order the real service reports them.
import {timingSafeEqual} from 'node:crypto';
import type {IncomingHttpHeaders} from 'node:http';
import {prehash, sign} from '../api/sign.js';
import type {Credentials} from '../api/types.js';
import {failure, type Reply} from './reply.js';

/** How far ACCESS-TIMESTAMP may be from the server clock, either way. */
const TIMESTAMP_WINDOW_MS = 30_000;

const CREDENTIAL_HEADERS = ['access-key', 'access-sign', 'access-timestamp', 'access-passphrase'] as const;

function header(headers: IncomingHttpHeaders, name: string): string {
	const value = headers[name];
	return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The public GET endpoints only verify credentials when a caller sends some. */
export function hasCredentialHeaders(headers: IncomingHttpHeaders): boolean {
	return CREDENTIAL_HEADERS.some((name) => header(headers, name) !== '');
}

export interface AuthInput<Account extends Credentials = Credentials> {
	headers: IncomingHttpHeaders;
	method: string;
	path: string;
	/** The query in received order, percent-decoded (without '?'): what the service signs (reference B.2). */
	query: string;
	body: string;
	serverNow: number;
	accounts: ReadonlyMap<string, Account>;
	/** A refusal reported once the key is known, before anything about the signature (the account mode's). */
	admit?: (account: Account) => Reply | undefined;
}

export type AuthResult<Account extends Credentials = Credentials> = {ok: true; account: Account} | {ok: false; reply: Reply};

const deny = (code: string, msg: string): {ok: false; reply: Reply} => ({ok: false, reply: failure(code, msg)});

export function authenticate<Account extends Credentials>(input: AuthInput<Account>): AuthResult<Account> {
	const {headers} = input;
	const apiKey = header(headers, 'access-key');
	if (apiKey === '') return deny('40001', 'ACCESS_KEY cannot be empty');
	const account = input.accounts.get(apiKey);
	// An unknown key is reported before anything about the signature.
	if (account === undefined) return deny('40037', 'Apikey does not exist');
	const refusal = input.admit?.(account);
	if (refusal) return {ok: false, reply: refusal};
	const signature = header(headers, 'access-sign');
	if (signature === '') return deny('40002', 'ACCESS_SIGN cannot be empty');
	const timestamp = header(headers, 'access-timestamp');
	if (!/^\d{1,16}$/.test(timestamp)) return deny('40005', 'Invalid ACCESS_TIMESTAMP');
	if (Math.abs(Number(timestamp) - input.serverNow) > TIMESTAMP_WINDOW_MS) return deny('40008', 'Request timestamp expired');
	const passphrase = header(headers, 'access-passphrase');
	if (passphrase === '') return deny('40011', 'ACCESS_PASSPHRASE cannot be empty');
	if (!sameText(passphrase, account.passphrase)) return deny('40012', 'apikey/password is incorrect');
	const expected = sign(account.secretKey, prehash(timestamp, input.method, input.path, input.query, input.body));
	if (!sameText(signature, expected)) return deny('40009', 'sign signature error');
	return {ok: true, account};
}

/** Constant-time comparison (timingSafeEqual needs equal lengths; a length mismatch is simply unequal). */
function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a, 'utf8');
	const right = Buffer.from(b, 'utf8');
	return left.length === right.length && timingSafeEqual(left, right);
}
