// A screen's keys as one table (lazygit's Binding{Key, Handler, Description} is the model): the same rows dispatch
// the key (ui/keys/screen-input.tsx), make the footer (footer-line.ts) and the ? overlay (app/components/help-overlay.tsx),
// so what a screen says a key does and what the key does cannot drift apart.
import type {Key} from './parse-key.js';

/**
 * One key as a table names it:
 * - a named key: Enter, Esc, Tab, Shift+Tab, Up, Down, Left, Right, PgUp, PgDn, Home, End, Backspace, Delete, Space;
 * - `Ctrl+x` for a control key (x a lower-case letter);
 * - one character, matched exactly (`y` is not `Y`), or a range of characters such as `1-4`;
 * - `text`: whatever the focused text field takes (typing and its editing keys); it matches any key the rows
 *   before it did not (Esc excepted: that is the way back), so it comes last.
 */
export type KeySpec = string;

export interface Binding {
	keys: readonly KeySpec[];
	/** What the key does, in the help overlay. */
	description: string;
	handler: (input: string, key: Key) => void;
	/** How the help and footer write the keys; by default each key's own name, joined by "/". */
	label?: string;
	/** Shown in the footer too: 1 is dropped last when the line is short. Without it the row is in the help only. */
	footer?: number;
	/** The footer's words, when shorter than the description. */
	short?: string;
	/** Rows with the same group share one footer hint: their labels joined by "/", then the group ("←/→ history"). */
	group?: string;
	/** The row applies only while this holds (default: always). */
	when?: boolean;
}

/** A row of the help or a hint of the footer, as text. */
export interface KeyHelp {
	keys: string;
	action: string;
	/** In the footer too, with this importance (1 dropped last). */
	footer?: number;
}

const NAMED: Record<string, {label: string; matches: (input: string, key: Key) => boolean}> = {
	Enter: {label: 'Enter', matches: (_, key) => key.return},
	Esc: {label: 'Esc', matches: (_, key) => key.escape},
	Tab: {label: 'Tab', matches: (_, key) => key.tab && !key.shift},
	'Shift+Tab': {label: 'Shift+Tab', matches: (_, key) => key.tab && key.shift},
	Up: {label: '↑', matches: (_, key) => key.upArrow},
	Down: {label: '↓', matches: (_, key) => key.downArrow},
	Left: {label: '←', matches: (_, key) => key.leftArrow},
	Right: {label: '→', matches: (_, key) => key.rightArrow},
	PgUp: {label: 'PgUp', matches: (_, key) => key.pageUp},
	PgDn: {label: 'PgDn', matches: (_, key) => key.pageDown},
	Home: {label: 'Home', matches: (_, key) => key.home},
	End: {label: 'End', matches: (_, key) => key.end},
	Backspace: {label: 'Backspace', matches: (_, key) => key.backspace},
	Delete: {label: 'Delete', matches: (_, key) => key.delete},
	Space: {label: 'Space', matches: (input, key) => input === ' ' && !key.ctrl && !key.meta},
};

const plain = (key: Key) => !key.ctrl && !key.meta && !key.escape && !key.return && !key.tab && !key.backspace && !key.delete;

/** Whether `spec` names this key. Throws on a spec that names no key: a table with a typo fails its first test. */
export function specMatches(spec: KeySpec, input: string, key: Key): boolean {
	const named = NAMED[spec];
	if (named) return named.matches(input, key);
	if (spec === 'text') return !key.escape;
	const ctrl = /^Ctrl\+([a-z])$/.exec(spec);
	if (ctrl) return key.ctrl && input === ctrl[1];
	const range = /^(.)-(.)$/u.exec(spec);
	if (range) return plain(key) && [...input].length === 1 && input >= range[1]! && input <= range[2]!;
	if ([...spec].length === 1) return plain(key) && input === spec;
	throw new Error(`key spec "${spec}" names no key`);
}

export function specLabel(spec: KeySpec): string {
	const named = NAMED[spec];
	if (named) return named.label;
	const ctrl = /^Ctrl\+([a-z])$/.exec(spec);
	if (ctrl) return `Ctrl+${ctrl[1]!.toUpperCase()}`;
	return spec;
}

const bindingLabel = (binding: Binding) => binding.label ?? binding.keys.map(specLabel).join('/');

const applies = (binding: Binding) => binding.when !== false;

/** The row that takes this key: the first that applies and names it. */
export function bindingFor(bindings: readonly Binding[], input: string, key: Key): Binding | undefined {
	return bindings.find((binding) => applies(binding) && binding.keys.some((spec) => specMatches(spec, input, key)));
}

/** Runs the row that takes this key; false when none does. */
export function dispatchKey(bindings: readonly Binding[], input: string, key: Key): boolean {
	const binding = bindingFor(bindings, input, key);
	binding?.handler(input, key);
	return binding !== undefined;
}

/** The help overlay's rows: one per row that applies, the same label and words once. */
export function helpRows(bindings: readonly Binding[]): KeyHelp[] {
	const rows: KeyHelp[] = [];
	for (const binding of bindings.filter(applies)) {
		const row = {keys: bindingLabel(binding), action: binding.description};
		if (!rows.some((seen) => seen.keys === row.keys && seen.action === row.action)) rows.push(row);
	}
	return rows;
}

/** The footer's hints in table order: a group's rows as one hint, each row's first key only. */
export function footerKeys(bindings: readonly Binding[]): KeyHelp[] {
	const hints: KeyHelp[] = [];
	const groups = new Map<string, KeyHelp>();
	for (const binding of bindings.filter((b) => applies(b) && b.footer !== undefined)) {
		const footer = binding.footer!;
		if (binding.group === undefined) {
			hints.push({keys: bindingLabel(binding), action: binding.short ?? binding.description, footer});
			continue;
		}
		const first = binding.label ?? specLabel(binding.keys[0] ?? '');
		const hint = groups.get(binding.group);
		if (hint) {
			hint.keys = `${hint.keys}/${first}`;
			hint.footer = Math.min(hint.footer!, footer);
		} else {
			const made = {keys: first, action: binding.group, footer};
			groups.set(binding.group, made);
			hints.push(made);
		}
	}
	return hints;
}
