// The footer's one line: the keys of the current mode, fitted to the terminal by dropping the least important
// hints first. Esc is never dropped: it is the way back from everywhere. Pure, so it is tested without rendering.
import {GLOBAL_KEYS, type KeyHelp} from './key-help.js';
import type {InputMode} from './screen-input.js';

const SEPARATOR = ' · ';

/** "Enter open" from {keys: 'Enter', action: 'open (…)'}: the footer drops the parenthesised detail. */
const hintText = (key: KeyHelp) => `${key.keys} ${key.action.replace(/ \(.*\)$/, '')}`;

/**
 * The footer's hints, in display order (the screen's keys, then Esc, q, ?), fitted into `width` columns.
 * Importance: Esc, then the screen's keys in the order the screen lists them, then ?, then q.
 */
export function footerHints(keys: readonly KeyHelp[], mode: InputMode, width: number, options: {home?: boolean} = {}): string[] {
	// A screen whose Esc does something else ("back to review", "home") says so itself; the global one then stays out.
	const ownEsc = keys.find((key) => key.footer && key.keys === 'Esc');
	const screen = keys.filter((key) => key.footer && key !== ownEsc);
	const esc = ownEsc ?? {...GLOBAL_KEYS[0]!, action: options.home ? 'quit' : 'back'};
	// q and ? are typed into a text field and do nothing while a request is out: not offered then.
	const globals = mode === 'navigate' ? GLOBAL_KEYS.filter((key) => key.footer && key.keys !== 'Esc') : [];
	const help = globals.find((key) => key.keys === '?');
	const quit = globals.find((key) => key.keys === 'q');
	const display: KeyHelp[] = [...(ownEsc ? keys.filter((key) => key.footer) : [...screen, esc]), ...(quit ? [quit] : []), ...(help ? [help] : [])];
	const importance: KeyHelp[] = [esc, ...screen, ...(help ? [help] : []), ...(quit ? [quit] : [])];
	const kept = new Set(display);
	const length = () => display.filter((key) => kept.has(key)).reduce((sum, key, i) => sum + (i > 0 ? SEPARATOR.length : 0) + [...hintText(key)].length, 0);
	for (let i = importance.length - 1; i > 0 && length() > width; i--) kept.delete(importance[i]!);
	return display.filter((key) => kept.has(key)).map(hintText);
}

export const joinHints = (hints: readonly string[]) => hints.join(SEPARATOR);
