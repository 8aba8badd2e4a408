// A note under a table, in its own module: the wrap it needs (format/wrap.ts) loads string-width and wrap-ansi, whose
// modules build a grapheme segmenter and emoji patterns as they load (~40 ms and 2 MiB), so only the commands that
// print a note load it, not every run through runtime/output.ts (bench/watch.ts measures the watch's memory).
import {wrapLines} from '../format/wrap.js';
import type {Output} from './output.js';

/** A note under a table, wrapped at whole words to the output's width (COLUMNS or the terminal's; --wide or a pipe:
 * one line), as the table itself fits it. */
export function noteLines(out: Output, text: string): string[] {
	return out.width === undefined ? [text] : wrapLines(text, Math.max(20, out.width));
}
