// Keys every screen shares, defined once: the shell's (back, quit, help, Ctrl+C), and rows screens put in their
// own tables (read again, copy). Screens that need them take these; none writes its own.
import {helpRows, type Binding, type KeyHelp} from './binding.js';

export interface ShellActions {
	back(): void;
	quit(): void;
	help(): void;
}

/** The shell's own keys (app/shell-keys.ts dispatches them before the screen's table). */
export function shellBindings(on: ShellActions): Binding[] {
	return [
		{keys: ['Esc'], description: 'back (on home: asks, a second Esc quits)', short: 'back', handler: on.back},
		{keys: ['q'], description: 'quit (when no text field has focus)', short: 'quit', handler: on.quit},
		{keys: ['?'], description: 'this help (when no text field has focus)', short: 'this help', handler: on.help},
		{keys: ['Ctrl+c'], description: 'quit, from anywhere (the first one while money is being sent stops the wait)', handler: on.quit},
	];
}

const NOTHING = () => undefined;
/** The shell's keys as the help and footer show them. */
export const GLOBAL_KEYS: KeyHelp[] = helpRows(shellBindings({back: NOTHING, quit: NOTHING, help: NOTHING}));

/** Ctrl+R: read again what the screen shows. */
export function refreshBinding(handler: () => void, description = 'read again', footer?: number): Binding {
	return {keys: ['Ctrl+r'], description, handler, ...(footer === undefined ? {} : {footer})};
}

/** c: copy `what` (an order id, a symbol) to the clipboard. */
export function copyBinding(what: string, handler: () => void, footer?: number): Binding {
	return {keys: ['c'], description: `copy the ${what}`, short: 'copy', handler, ...(footer === undefined ? {} : {footer})};
}
