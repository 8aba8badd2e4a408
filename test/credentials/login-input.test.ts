import {PassThrough} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {promptCredentials, readCredentialsFromStdin} from '../../source/cli/commands/login-input.js';
import {UsageError} from '../../source/runtime/exit-codes.js';
import {untilReal} from '../helpers/clock.js';

function stdinWith(text: string) {
	const stream = new PassThrough();
	stream.end(text);
	return stream;
}

/** A stand-in terminal: raw-mode switches are recorded, keystrokes written in as typed. */
function fakeTerminal() {
	const input = Object.assign(new PassThrough(), {isTTY: true, modes: [] as boolean[]});
	const rawInput = Object.assign(input, {setRawMode: (mode: boolean) => input.modes.push(mode)});
	const output = new PassThrough();
	let shown = '';
	output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
	// Whether the terminal was raw (not echoing) at the moment each question was written.
	const rawAtQuestion: boolean[] = [];
	const write = output.write.bind(output) as (chunk: unknown) => boolean;
	output.write = ((chunk: unknown) => {
		if (/: $/.test(String(chunk))) rawAtQuestion.push(input.modes.at(-1) === true);
		return write(chunk);
	}) as typeof output.write;
	return {input: rawInput, output, shown: () => shown, rawAtQuestion};
}

async function usageError(promise: Promise<unknown>): Promise<UsageError> {
	const error = await promise.then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(UsageError);
	return error as UsageError;
}

describe('login --stdin input', () => {
	it('reads three lines (LF or CRLF, with or without a final newline), trimmed', async () => {
		const expected = {apiKey: 'bg_key_1234567890', secretKey: 'S3cret-x', passphrase: 'Pass-y'};
		for (const text of ['bg_key_1234567890\nS3cret-x\nPass-y\n', 'bg_key_1234567890\r\nS3cret-x\r\nPass-y', '  bg_key_1234567890 \nS3cret-x\t\nPass-y\n\n\n']) {
			expect(await readCredentialsFromStdin(stdinWith(text))).toEqual(expected);
		}
	});

	it('refuses anything but three lines, and empty values, naming the field and never the value', async () => {
		expect((await usageError(readCredentialsFromStdin(stdinWith('')))).message).toMatch(/exactly three lines .* got 0/);
		expect((await usageError(readCredentialsFromStdin(stdinWith('key\nS3cret-x\n')))).message).toMatch(/got 2/);
		expect((await usageError(readCredentialsFromStdin(stdinWith('key\nS3cret-x\nPass-y\nextra\n')))).message).toMatch(/got 4/);
		const empty = await usageError(readCredentialsFromStdin(stdinWith('key\n\n  \n')));
		expect(empty.message).toBe('the secret key and passphrase are empty: nothing was saved');
		const onlyKey = await usageError(readCredentialsFromStdin(stdinWith('\nS3cret-x\nPass-y\n')));
		expect(onlyKey.message).toBe('the API key is empty: nothing was saved');
		const control = await usageError(readCredentialsFromStdin(stdinWith('key\nS3cret-\u001b[2Jx\nPass-y\n')));
		expect(control.message).toBe('the secret key contains control characters: nothing was saved');
		for (const error of [empty, onlyKey, control]) expect(error.message).not.toMatch(/S3cret|Pass-y/);
	});

	it('stops reading a stream far too large to be three keys', async () => {
		expect((await usageError(readCredentialsFromStdin(stdinWith('x'.repeat(100_000))))).message).toMatch(/more than 16384 bytes/);
	});
});

describe('login prompts on a terminal', () => {
	it('echoes the API key, hides the secret key and passphrase, and restores the terminal', async () => {
		const terminal = fakeTerminal();
		const answer = promptCredentials(terminal.input, terminal.output);
		// Each answer typed once its question is on screen, as a person does.
		terminal.input.write('bg_key_1234567890\r');
		await untilReal(() => terminal.shown().includes('Secret key (hidden): '), 'the secret key question');
		terminal.input.write('S3cret-typed');
		terminal.input.write('\r');
		await untilReal(() => terminal.shown().includes('Passphrase (hidden): '), 'the passphrase question');
		terminal.input.write('Pass-typed\r');
		expect(await answer).toEqual({apiKey: 'bg_key_1234567890', secretKey: 'S3cret-typed', passphrase: 'Pass-typed'});
		const shown = terminal.shown();
		expect(shown).toContain('API key: bg_key_1234567890\n');
		expect(shown).toContain('Secret key (hidden): \n');
		expect(shown).toContain('Passphrase (hidden): \n');
		expect(shown).not.toMatch(/S3cret|Pass-typed|\*/);
		// Raw before each question shows (a key typed the moment it appears is not echoed), raw between the questions,
		// and back off after the last: the terminal is left as it was.
		expect(terminal.rawAtQuestion).toEqual([true, true, true]);
		expect(terminal.input.modes.includes(false) && terminal.input.modes.indexOf(false)).toBe(terminal.input.modes.length - 1);
	});

	it('takes all three lines pasted at once, Backspace, Ctrl-U and ignores arrow keys and paste markers', async () => {
		const terminal = fakeTerminal();
		const answer = promptCredentials(terminal.input, terminal.output);
		terminal.input.write('\u001b[200~bg_kex\u007fy_1\u001b[D\r\nwrong\u0015S3cret-p\u001b[201~\rPass-p\r');
		expect(await answer).toEqual({apiKey: 'bg_key_1', secretKey: 'S3cret-p', passphrase: 'Pass-p'});
		expect(terminal.shown()).not.toMatch(/S3cret|Pass-p|wrong/);
	});

	it('Ctrl-C cancels with nothing saved; an empty answer is refused', async () => {
		const cancelled = fakeTerminal();
		const first = promptCredentials(cancelled.input, cancelled.output);
		cancelled.input.write('bg_key\rS3cr\u0003');
		expect((await usageError(first)).message).toBe('login cancelled: nothing was saved');
		expect(cancelled.input.modes.at(-1)).toBe(false);

		const empty = fakeTerminal();
		const second = promptCredentials(empty.input, empty.output);
		empty.input.write('bg_key\r\rPass-p\r');
		expect((await usageError(second)).message).toBe('the secret key is empty: nothing was saved');
	});
});
