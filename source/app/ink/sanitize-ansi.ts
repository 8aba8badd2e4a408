// Ink's ink/build/sanitize-ansi.js, with a fast answer for the app's own text; scripts/build.mjs puts it in place.
// Ink sanitises every text node twice a frame (to measure it and to draw it), tokenising it each time. Text whose
// only escapes are SGR colours is returned as it is by Ink's version too, so it is recognised in one scan; any
// other escape or C1 control goes to Ink's own code.
import inkSanitizeAnsi from '../../../node_modules/ink/build/sanitize-ansi.js';
import {sgrEnd} from '../../format/text-width.js';

export default function sanitizeAnsi(text: string): string {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code >= 0x80 && code <= 0x9f) return inkSanitizeAnsi(text);
		if (code !== 0x1b) continue;
		// Ink keeps SGR sequences whose parameters are digits, `:` and `;`.
		const end = sgrEnd(text, index, true);
		if (end === -1) return inkSanitizeAnsi(text);
		index = end;
	}
	return text;
}
