// The top line (source/app/components/status-line.tsx) keeps the last error to two lines as the terminal wraps them
// (at spaces): what does not fit ends after a whole word, with "…", never mid-word.
import {stripVTControlCharacters} from 'node:util';
import React from 'react';
import {Box} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {StatusLine} from '../../source/app/components/status-line.js';
import {makeTheme} from '../../source/ui/theme.js';

const ERROR = 'Loans: No credentials: reading your loans needs your API key, secret key and passphrase; nothing was sent';

describe('the top line', () => {
	it.each([30, 41, 47, 60])('at %i columns: two lines at most, cut after a whole word with "…"', (width) => {
		// Drawn in a box of the terminal's width, as the app does: Ink wraps it there.
		const {lastFrame, unmount} = render(
			<Box width={width}>
				<StatusLine connectedTo="api.bitget.com" lastError={ERROR} theme={makeTheme(true)} width={width} />
			</Box>,
		);
		const lines = stripVTControlCharacters(lastFrame() ?? '').split('\n');
		unmount();
		expect(lines.length).toBeLessThanOrEqual(2);
		for (const line of lines) expect([...line].length).toBeLessThanOrEqual(width);
		const shown = lines.join(' ').replace(/\s+/g, ' ').trim();
		expect(shown).toMatch(/ …$/);
		const kept = shown.replace(/^loan-tui · api\.bitget\.com · ✗ /, '').replace(/ …$/, '');
		// Whole words of the error, in order: the next character of the error is a space.
		expect(ERROR.startsWith(kept), JSON.stringify(lines)).toBe(true);
		expect(ERROR[kept.length]).toBe(' ');
	});

	it('an error that fits is shown whole', () => {
		const {lastFrame, unmount} = render(<StatusLine connectedTo="api.bitget.com" lastError={ERROR} theme={makeTheme(true)} width={100} />);
		expect(stripVTControlCharacters(lastFrame() ?? '').replace(/\s+/g, ' ')).toContain(ERROR);
		unmount();
	});
});
