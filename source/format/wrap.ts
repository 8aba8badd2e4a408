// Wrapping text to a width, whole words where they fit: the one wrap of the app (Ink's Text wrap="wrap" goes through
// it, app/ink/wrap-text.ts, and so do lines laid out ahead of drawing: the help box, a loan's figures). A word wider
// than the width is broken, never dropped; a row that a wrap starts does not begin with the space it broke at (Ink's
// own wrap keeps it, so every wrapped line read " call 80.00%"). A line's own indentation is kept.
import wrapAnsi from 'wrap-ansi';
import {lineWidth} from './text-width.js';

/** The space a wrap broke at, after any colour codes that open the row. */
const BREAK_SPACE = /^((?:\u001B\[[0-9;]*m)*) /;

/** `text` as the rows it takes at `width` columns (each line of it wrapped on its own). */
export function wrapLines(text: string, width: number): string[] {
	const rows: string[] = [];
	for (const line of text.replaceAll('\r\n', '\n').split('\n')) {
		// A line that fits is its own row, as wrap-ansi gives it (composed, NFC): measured without string-width, whose
		// first call compiles its emoji patterns, tens of ms before the home menu's first frame (its items are wrapped).
		const composed = line.normalize('NFC');
		if (lineWidth(composed) <= width && !composed.includes('\t')) {
			rows.push(composed);
			continue;
		}
		const wrapped = wrapAnsi(line, width, {trim: false, hard: true}).split('\n');
		wrapped.forEach((row, i) => rows.push(i === 0 ? row : row.replace(BREAK_SPACE, '$1')));
	}
	return rows;
}
