// The footer's one line: the keys of the current mode, fitted to the terminal by dropping the least important
// hints first. Esc is never dropped: it is the way back from everywhere. Pure, so it is tested without rendering.
import type {KeyHelp} from './binding.js';
import {GLOBAL_KEYS} from './shared-bindings.js';
import type {InputMode} from './screen-input.js';

const SEPARATOR = ' · ';

/** "Enter open" from {keys: 'Enter', action: 'open (…)'}: the footer drops the parenthesised detail. */
const hintText = (key: KeyHelp) => `${key.keys} ${key.action.replace(/ \(.*\)$/, '')}`;

const global = (keys: string) => GLOBAL_KEYS.find((key) => key.keys === keys)!;

/**
 * The footer's hints, in display order (the screen's hints, then Esc, q, ?), fitted into `width` columns.
 * Importance: Esc, then the screen's hints by their `footer` number (table order among equals), then ?, then q.
 */
export function footerHints(hints: readonly KeyHelp[], mode: InputMode, width: number, options: {home?: boolean} = {}): string[] {
	// A screen whose Esc does something else ("back to review", "home") says so itself; the global one then stays out.
	const ownEsc = hints.find((key) => key.keys.split('/').includes('Esc'));
	const screen = hints.filter((key) => key !== ownEsc);
	const esc = ownEsc ?? {keys: 'Esc', action: options.home ? 'quit' : 'back'};
	// q and ? are typed into a text field and do nothing while a request is out: not offered then.
	const help = mode === 'navigate' ? {...global('?'), action: 'this help'} : undefined;
	const quit = mode === 'navigate' ? {...global('q'), action: 'quit'} : undefined;
	const display: KeyHelp[] = [...(ownEsc ? hints : [...screen, esc]), ...(quit ? [quit] : []), ...(help ? [help] : [])];
	const byImportance = [...screen].sort((a, b) => (a.footer ?? Infinity) - (b.footer ?? Infinity));
	const importance: KeyHelp[] = [esc, ...byImportance, ...(help ? [help] : []), ...(quit ? [quit] : [])];
	const kept = new Set(display);
	const length = () => display.filter((key) => kept.has(key)).reduce((sum, key, i) => sum + (i > 0 ? SEPARATOR.length : 0) + [...hintText(key)].length, 0);
	for (let i = importance.length - 1; i > 0 && length() > width; i--) kept.delete(importance[i]!);
	return display.filter((key) => kept.has(key)).map(hintText);
}

export const joinHints = (hints: readonly string[]) => hints.join(SEPARATOR);
