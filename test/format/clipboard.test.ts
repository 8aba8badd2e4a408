import {describe, expect, it} from 'vitest';
import {osc52, terminalIgnoresOsc52} from '../../source/format/clipboard.js';

describe('OSC 52', () => {
	it('carries the text base64-encoded to the clipboard selection', () => {
		const sequence = osc52('1130000000000000001');
		expect(sequence.startsWith('\u001b]52;c;')).toBe(true);
		expect(sequence.endsWith('\u0007')).toBe(true);
		expect(Buffer.from(sequence.slice(7, -1), 'base64').toString('utf8')).toBe('1130000000000000001');
	});

	it('is not tried on terminals known to ignore it, nor without a TERM (LOAN_TUI_NO_OSC52: test/cli/config.test.ts)', () => {
		expect(terminalIgnoresOsc52('xterm-256color')).toBe(false);
		expect(terminalIgnoresOsc52('linux')).toBe(true);
		expect(terminalIgnoresOsc52(undefined)).toBe(true);
	});
});
