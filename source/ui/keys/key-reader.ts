// Splits what the terminal sends into single keys, however many arrive in one read: a held `j` over a slow link,
// `↓↓⏎` typed faster than a frame, two Backspaces in one write. Escape sequences stay whole. A bracketed paste
// (ESC[200~ … ESC[201~) becomes one `paste` event with its text: pasted text is never a command.
import {parseKey, type ParsedKey} from './parse-key.js';

export type KeyEvent = ({type: 'key'; sequence: string} & ParsedKey) | {type: 'paste'; text: string};

const PASTE_START = '\u001B[200~';
const PASTE_END = '\u001B[201~';
/** A paste larger than this is cut: nothing in the app takes more than a few hundred characters. */
const MAX_PASTE = 64 * 1024;

export interface KeyReader {
	/** Every complete event in `chunk` (plus what was pending), in order. */
	push(chunk: string): KeyEvent[];
	/** An escape sequence cut off at the end of a read, or a paste still open. */
	pending(): boolean;
	/** The pending lone ESC as the Escape key (called when no more bytes follow). */
	flush(): KeyEvent[];
}

export function createKeyReader(): KeyReader {
	let buffer = '';
	let paste: string | undefined;
	const read = (): KeyEvent[] => {
		const events: KeyEvent[] = [];
		for (;;) {
			if (paste !== undefined) {
				const end = buffer.indexOf(PASTE_END);
				if (end < 0) {
					// Keep a possible start of the end marker; the rest is paste text.
					const keep = partialSuffix(buffer, PASTE_END);
					paste = (paste + buffer.slice(0, buffer.length - keep)).slice(0, MAX_PASTE);
					buffer = buffer.slice(buffer.length - keep);
					return events;
				}
				events.push({type: 'paste', text: (paste + buffer.slice(0, end)).slice(0, MAX_PASTE)});
				buffer = buffer.slice(end + PASTE_END.length);
				paste = undefined;
				continue;
			}
			if (buffer === '') return events;
			if (buffer.startsWith(PASTE_START)) {
				buffer = buffer.slice(PASTE_START.length);
				paste = '';
				continue;
			}
			const length = keyLength(buffer);
			if (length === 0) return events; // an incomplete escape sequence: wait for the rest
			const sequence = buffer.slice(0, length);
			buffer = buffer.slice(length);
			if (sequence === PASTE_END) continue; // a stray end marker
			events.push({type: 'key', sequence, ...parseKey(sequence)});
		}
	};
	return {
		push(chunk) {
			buffer += chunk;
			return read();
		},
		pending: () => buffer !== '' || paste !== undefined,
		flush() {
			if (paste !== undefined || !buffer.startsWith('\u001B')) return [];
			// Every ESC that nothing but another ESC follows is the Escape key: Esc pressed twice in one read is two
			// Escapes, never one. What is left after them is a lone ESC (Escape too) or one that starts an unfinished
			// sequence, which is dropped.
			const escapes = /^\u001B*/.exec(buffer)![0].length;
			const lone = buffer.length === escapes ? escapes : escapes - 1;
			buffer = '';
			return Array.from({length: lone}, (): KeyEvent => ({type: 'key', sequence: '\u001B', ...parseKey('\u001B')}));
		},
	};
}

/** Length of the first key in `text`, or 0 when it is an escape sequence not yet complete. */
function keyLength(text: string): number {
	if (text[0] !== '\u001B') return String.fromCodePoint(text.codePointAt(0)!).length;
	if (text.length === 1) return 0;
	const second = text[1]!;
	if (second === '[') {
		// CSI: parameters and intermediates, then one final byte in @..~
		for (let i = 2; i < text.length; i += 1) {
			const code = text.charCodeAt(i);
			if (code >= 0x40 && code <= 0x7e) return i + 1;
			if (code < 0x20 || code > 0x3f) return i; // malformed: cut it here
		}
		return 0;
	}
	if (second === 'O') return text.length >= 3 ? 3 : 0;
	if (second === '\u001B') {
		// ESC ESC [ A is Alt with a cursor key (some terminals); ESC before any other ESC is the Escape key on its own,
		// so each Esc of `Esc Esc Esc` in one read counts. ESC ESC at the end of a read waits: flush() decides.
		if (text.length === 2) return 0;
		if (text[2] !== '[' && text[2] !== 'O') return 1;
		const inner = keyLength(text.slice(1));
		return inner === 0 ? 0 : 1 + inner;
	}
	return 1 + String.fromCodePoint(text.codePointAt(1)!).length;
}

/** How many characters at the end of `text` could be the start of `marker`. */
function partialSuffix(text: string, marker: string): number {
	for (let length = Math.min(marker.length - 1, text.length); length > 0; length -= 1) {
		if (marker.startsWith(text.slice(text.length - length))) return length;
	}
	return 0;
}
