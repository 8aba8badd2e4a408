// Column widths of the app's lines, equal to string-width's (what Ink measures with), without its per-call
// allocations on the common line: SGR colours around characters that are each a grapheme of their own.
import {eastAsianWidth} from 'get-east-asian-width';
import stringWidth from 'string-width';
import {FrameCache} from './frame-cache.js';

const charWidths = new FrameCache<number>(1024);
const NARROW = {ambiguousAsWide: false};

/** string-width of one grapheme (cached: the same few characters come back in every frame). */
export function charWidth(char: string): number {
	const code = char.charCodeAt(0);
	return char.length === 1 && isStandaloneGrapheme(code) ? standaloneWidth(code) : charWidths.get(char, stringWidth);
}

/** string-width of a code point for which isStandaloneGrapheme holds, from the East Asian Width table string-width
 * ends with: its grapheme segmenter and emoji pattern cost ~8 ms the first time, before the first frame
 * (test/app/ink-replacements.test.ts compares every such code point with string-width). Controls and the soft hyphen
 * take no column. */
export function standaloneWidth(code: number): number {
	return code < 0x20 || code === 0x7f || code === 0xad ? 0 : eastAsianWidth(code, NARROW);
}

/** Characters that never join the next or the previous one into a grapheme: controls below 0x80 but CR (CR LF
 * is one grapheme), Latin letters and symbols (combining marks start at U+0300), dashes, quotes and
 * punctuation, arrows, technical symbols, box drawing, shapes, dingbats and braille. */
export function isStandaloneGrapheme(code: number): boolean {
	return (
		(code < 0x80 && code !== 0x0d) ||
		(code >= 0xa0 && code < 0x300) ||
		(code >= 0x2010 && code <= 0x2027) ||
		(code >= 0x2030 && code <= 0x205e) ||
		(code >= 0x2190 && code <= 0x23ff) ||
		(code >= 0x2500 && code <= 0x27bf) ||
		(code >= 0x2800 && code <= 0x28ff)
	);
}

/** Index of the final `m` of an SGR sequence starting at `start` (ESC [ digits and semicolons m; with
 * `colons`, `:` too, as in ESC [ 4:3 m), else -1. */
export function sgrEnd(line: string, start: number, colons = false): number {
	if (line.charCodeAt(start + 1) !== 0x5b) return -1;
	for (let index = start + 2; index < line.length; index++) {
		const code = line.charCodeAt(index);
		if (code === 0x6d) return index;
		if (code !== 0x3b && (code < 0x30 || code > 0x39) && !(colons && code === 0x3a)) return -1;
	}
	return -1;
}

/** stringWidth(line) for a line without line breaks. */
export function lineWidth(line: string): number {
	let width = 0;
	for (let index = 0; index < line.length; index++) {
		const code = line.charCodeAt(index);
		if (code >= 0x20 && code < 0x7f) {
			width++;
		} else if (code === 0x1b) {
			const end = sgrEnd(line, index);
			if (end === -1) return stringWidth(line);
			index = end;
		} else if (isStandaloneGrapheme(code)) {
			width += standaloneWidth(code);
		} else {
			return stringWidth(line);
		}
	}
	return width;
}

/** The widest line of a text: widest-line's result (what Ink measures text with), through lineWidth. */
export function widestLine(text: string): number {
	let widest = 0;
	for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
	return widest;
}
