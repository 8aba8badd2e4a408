// api/redact.ts: the current credentials' values, this request's signature, and any echo of the credential headers
// are redacted from server text; the words around them stay, and text without them passes unchanged.
import {describe, expect, it} from 'vitest';
import {ApiError} from '../../source/api/errors.js';
import {redactError, redactSecrets, redactValue} from '../../source/api/redact.js';

const credentials = {apiKey: 'bg_key_1', secretKey: 'secret-2', passphrase: 'pass-3'};
const signature = 'q1w2E3r4+/t5y6U7i8o9p0AaSsDdFfGgHhJjKkLlZz0=';

describe('redactSecrets', () => {
	it.each([
		[
			'header lines',
			`echo:\nACCESS-SIGN: ${signature}\nACCESS-KEY: other-key\nACCESS-PASSPHRASE: other pass`,
			'echo:\nACCESS-SIGN: [redacted]\nACCESS-KEY: [redacted]\nACCESS-PASSPHRASE: [redacted] pass',
		],
		['JSON', `{"access-sign":"${signature}","access-key":"k","locale":"en-US"}`, '{"access-sign":"[redacted]","access-key":"[redacted]","locale":"en-US"}'],
		['JSON escaped in a string', `{\\"ACCESS-SIGN\\":\\"abc+/=\\"}`, '{\\"ACCESS-SIGN\\":\\"[redacted]\\"}'],
		['a query string', 'access_sign=abc+/=&access_key=k&x=1', 'access_sign=[redacted]&access_key=[redacted]&x=1'],
		['util.inspect style', "{ 'access-sign': 'abc+/=', 'access-timestamp': '1' }", "{ 'access-sign': '[redacted]', 'access-timestamp': '1' }"],
		['the bare signature', `sign ${signature} does not match`, 'sign [redacted] does not match'],
		['the credentials', 'key bg_key_1 passphrase pass-3', 'key [redacted] passphrase [redacted]'],
	])('%s', (_name, text, expected) => {
		expect(redactSecrets(text, credentials, {extra: [signature]})).toBe(expected);
	});

	it("leaves Bitget's own messages about the headers alone", () => {
		for (const text of [
			'ACCESS_KEY cannot be empty',
			'Invalid ACCESS_KEY',
			'ACCESS_PASSPHRASE cannot be empty',
			'sign signature error',
			'Invalid ACCESS_TIMESTAMP',
		]) {
			expect(redactSecrets(text, credentials)).toBe(text);
		}
	});

	it("redacts an ApiError's msg, and a signed answer's data, without credentials too", () => {
		const error = redactError(new ApiError('40009', `bad ACCESS-SIGN: ${signature}`, 400), undefined, {extra: [signature]});
		expect(error).toMatchObject({code: '40009', serverMessage: 'bad ACCESS-SIGN: [redacted]'});
		expect(redactValue({records: [{note: 'access-passphrase=x'}]}, undefined)).toEqual({records: [{note: 'access-passphrase=[redacted]'}]});
		// An unsigned answer's data is not searched for header echoes (no header was sent to echo).
		expect(redactValue({note: 'access-sign=x'}, undefined, {headerEchoes: false})).toEqual({note: 'access-sign=x'});
	});
});
