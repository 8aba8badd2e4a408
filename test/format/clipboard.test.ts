import {describe, expect, it} from 'vitest';
import {clipboardSupported, osc52} from '../../source/format/clipboard.js';

describe('OSC 52', () => {
	it('carries the text base64-encoded to the clipboard selection', () => {
		const sequence = osc52('1130000000000000001');
		expect(sequence.startsWith('\u001b]52;c;')).toBe(true);
		expect(sequence.endsWith('\u0007')).toBe(true);
		expect(Buffer.from(sequence.slice(7, -1), 'base64').toString('utf8')).toBe('1130000000000000001');
	});

	it('is not tried on terminals that ignore it, or when turned off', () => {
		expect(clipboardSupported({TERM: 'xterm-256color'})).toBe(true);
		expect(clipboardSupported({TERM: 'linux'})).toBe(false);
		expect(clipboardSupported({})).toBe(false);
		expect(clipboardSupported({TERM: 'xterm', LOAN_TUI_NO_OSC52: '1'})).toBe(false);
	});
});
