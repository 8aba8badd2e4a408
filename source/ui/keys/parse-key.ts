// One key as the terminal sent it (a character, a control byte or an escape sequence) decoded into Ink's `Key`
// shape, so handlers read `key.downArrow`, `key.return`, `input === 'j'` as they would with Ink's useInput.
import type {Key} from 'ink';

export type {Key};

const NO_KEY: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

type Named = 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'delete' | 'tab';

/** Final byte of CSI/SS3 cursor keys (`ESC [ A`, `ESC O A`, `ESC [ 1 ; 5 A`). */
const CURSOR_FINAL: Record<string, Named> = {A: 'upArrow', B: 'downArrow', C: 'rightArrow', D: 'leftArrow', H: 'home', F: 'end'};
/** `ESC [ n ~` keys. */
const TILDE: Record<string, Named> = {'1': 'home', '7': 'home', '4': 'end', '8': 'end', '3': 'delete', '5': 'pageUp', '6': 'pageDown'};

export interface ParsedKey {
	/** Printable text of the key ('' for named keys); for Ctrl+letter the letter, as Ink gives it. */
	input: string;
	key: Key;
}

export function parseKey(sequence: string): ParsedKey {
	const named = (name: Named, modifiers = 1): ParsedKey => ({input: '', key: {...NO_KEY, [name]: true, ...modifierFlags(modifiers)}});
	switch (sequence) {
		case '\r':
		case '\n':
			return {input: '', key: {...NO_KEY, return: true}};
		case '\t':
			return named('tab');
		case '\u001B[Z':
			return {input: '', key: {...NO_KEY, tab: true, shift: true}};
		case '\u007F':
		case '\b':
			return {input: '', key: {...NO_KEY, backspace: true}};
		// The key reader (key-reader.ts) splits ESC ESC into two Escapes before a sequence reaches here.
		case '\u001B':
			return {input: '', key: {...NO_KEY, escape: true, meta: true}};
		default:
			break;
	}
	const csi = /^\u001B(?:\[|O)(?:(\d+)(?:;(\d+))?)?([A-Z~])$/.exec(sequence);
	if (csi) {
		const [, number, modifiers, final] = csi;
		const name = final === '~' ? TILDE[number ?? ''] : CURSOR_FINAL[final!];
		if (name) return named(name, Number(modifiers ?? 1));
		return {input: '', key: NO_KEY};
	}
	if (sequence.startsWith('\u001B')) {
		// Alt+key arrives as ESC then the key; any other sequence is one we do not know and is dropped whole.
		const rest = sequence.slice(1);
		if ([...rest].length === 1 && rest >= ' ') return {input: rest, key: {...NO_KEY, meta: true}};
		return {input: '', key: NO_KEY};
	}
	const code = sequence.codePointAt(0) ?? 0;
	if (sequence.length === 1 && code >= 1 && code <= 26) {
		return {input: String.fromCharCode(code + 96), key: {...NO_KEY, ctrl: true}};
	}
	if (code < 32 || (code >= 0x7f && code <= 0x9f)) return {input: '', key: NO_KEY};
	return {input: sequence, key: {...NO_KEY, shift: /^[A-Z]$/.test(sequence)}};
}

/** xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4). */
function modifierFlags(parameter: number): Partial<Key> {
	const bits = Math.max(0, parameter - 1);
	return {shift: (bits & 1) !== 0, meta: (bits & 2) !== 0, ctrl: (bits & 4) !== 0};
}
