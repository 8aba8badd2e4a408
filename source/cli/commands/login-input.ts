// Where `login` gets the three values: a terminal prompt (secret and passphrase not echoed), or three lines on
// standard input for scripts (like docker login --password-stdin), so secrets never go on a command line.
import {StringDecoder} from 'node:string_decoder';
import type {Credentials} from '../../api/types.js';
import {UsageError} from '../../runtime/exit-codes.js';

type TtyInput = NodeJS.ReadableStream & {isTTY?: boolean; setRawMode?: (mode: boolean) => unknown};

const LABELS: Record<keyof Credentials, string> = {apiKey: 'API key', secretKey: 'secret key', passphrase: 'passphrase'};
const ORDER = ['apiKey', 'secretKey', 'passphrase'] as const;
/** Far more than three keys need; stops a mistaken pipe (a log, a binary) from being read into memory whole. */
const MAX_STDIN_BYTES = 16 * 1024;

/** Three lines from standard input: API key, secret key, passphrase. */
export async function readCredentialsFromStdin(input: NodeJS.ReadableStream): Promise<Credentials> {
	const text = await readAll(input);
	const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
	// Blank lines after the third are harmless (an extra newline); blank lines among the three are empty values.
	while (lines.length > 3 && lines[lines.length - 1]!.trim() === '') lines.pop();
	if (lines.length !== 3 || text === '') {
		const count = text === '' ? 0 : lines.length;
		throw new UsageError(
			`login --stdin expects exactly three lines (API key, secret key, passphrase), got ${count}: nothing was saved`,
			'For example: loan-tui login --stdin < file-with-three-lines',
		);
	}
	return checkCredentials({apiKey: lines[0]!, secretKey: lines[1]!, passphrase: lines[2]!});
}

/** Asks on the terminal; the secret key and passphrase are not echoed. */
export async function promptCredentials(input: TtyInput, output: NodeJS.WritableStream): Promise<Credentials> {
	const ask = terminalLines(input, output);
	const apiKey = await ask('API key: ', true);
	const secretKey = await ask('Secret key (hidden): ', false);
	const passphrase = await ask('Passphrase (hidden): ', false, true);
	return checkCredentials({apiKey, secretKey, passphrase});
}

/** Trimmed, non-empty, no control characters; the message names the field, never its value. */
function checkCredentials(values: Credentials): Credentials {
	const trimmed = {apiKey: values.apiKey.trim(), secretKey: values.secretKey.trim(), passphrase: values.passphrase.trim()};
	const empty = ORDER.filter((field) => trimmed[field] === '');
	if (empty.length > 0) {
		const names = empty.map((field) => LABELS[field]);
		throw new UsageError(
			`the ${joinWords(names)} ${names.length === 1 ? 'is' : 'are'} empty: nothing was saved`,
			'Give all three: API key, secret key and passphrase.',
		);
	}
	const garbled = ORDER.filter((field) => /[\u0000-\u001f\u007f]/.test(trimmed[field]));
	if (garbled.length > 0) {
		throw new UsageError(
			`the ${joinWords(garbled.map((field) => LABELS[field]))} contains control characters: nothing was saved`,
			'Paste the values exactly as Bitget shows them.',
		);
	}
	return trimmed;
}

function joinWords(words: string[]): string {
	return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function readAll(input: NodeJS.ReadableStream): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const onData = (chunk: Buffer | string) => {
			const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += buffer.length;
			if (size > MAX_STDIN_BYTES) {
				cleanup();
				input.pause();
				reject(new UsageError(`login --stdin read more than ${MAX_STDIN_BYTES} bytes; it expects three short lines`));
				return;
			}
			chunks.push(buffer);
		};
		const onEnd = () => {
			cleanup();
			resolve(Buffer.concat(chunks).toString('utf8'));
		};
		const onError = (error: Error) => {
			cleanup();
			reject(error);
		};
		const cleanup = () => {
			input.off('data', onData);
			input.off('end', onEnd);
			input.off('error', onError);
		};
		input.on('data', onData);
		input.once('end', onEnd);
		input.once('error', onError);
		input.resume();
	});
}

/**
 * Lines typed at the terminal, read in raw mode so nothing is echoed unless asked (then plain characters are echoed
 * and Backspace erases). Enter ends a line; Ctrl-C, or Ctrl-D on an empty line, cancels; Ctrl-U clears; escape
 * sequences (arrow keys, bracketed-paste markers) are ignored. Text typed or pasted past an Enter is kept for the
 * next question, so pasting all three lines at once works.
 */
function terminalLines(input: TtyInput, output: NodeJS.WritableStream) {
	let pending = '';
	// Keeps a character split across two reads whole.
	const decoder = new StringDecoder('utf8');
	return function ask(question: string, echo: boolean, last = false): Promise<string> {
		return new Promise((resolve, reject) => {
			let value = '';
			// 0: text; 1: after ESC; 2: inside a CSI sequence (ESC [ ... final byte).
			let escape = 0;
			// Raw (no echo) before the question shows: a key typed as soon as it appears must not be echoed by the terminal
			// in the moment between the question and the switch (a busy machine can pause the process right there).
			input.setRawMode?.(true);
			output.write(question);
			const finish = (rest: string, error?: Error) => {
				pending = rest;
				input.off('data', onData);
				input.pause();
				output.write('\n');
				// Back to the terminal's own mode only after the last question (or a cancel): between two questions it stays raw.
				if (error || last) input.setRawMode?.(false);
				if (error) reject(error);
				else resolve(value);
			};
			const consume = (text: string): boolean => {
				const chars = Array.from(text);
				for (let index = 0; index < chars.length; index++) {
					const char = chars[index]!;
					if (escape === 1) {
						escape = char === '[' ? 2 : 0;
						continue;
					}
					if (escape === 2) {
						if (char >= '@' && char <= '~') escape = 0;
						continue;
					}
					if (char === '\r' || char === '\n') {
						// A CR LF pair is one Enter.
						const next = char === '\r' && chars[index + 1] === '\n' ? index + 2 : index + 1;
						finish(chars.slice(next).join(''));
						return true;
					}
					if (char === '\u0003' || (char === '\u0004' && value === '')) {
						finish('', new UsageError('login cancelled: nothing was saved', ''));
						return true;
					}
					if (char === '\u001b') escape = 1;
					else if (char === '\u007f' || char === '\b') {
						if (value !== '') {
							value = Array.from(value).slice(0, -1).join('');
							if (echo) output.write('\b \b');
						}
					} else if (char === '\u0015') {
						if (echo) output.write('\b \b'.repeat(Array.from(value).length));
						value = '';
					} else if (char >= ' ') {
						value += char;
						if (echo) output.write(char);
					}
				}
				return false;
			};
			const onData = (chunk: Buffer | string) => {
				consume(typeof chunk === 'string' ? chunk : decoder.write(chunk));
			};
			const buffered = pending;
			pending = '';
			if (consume(buffered)) return;
			input.on('data', onData);
			input.resume();
		});
	};
}
