/** One line of a screen's key list: shown in the footer (when short) and the help overlay. */
export interface KeyHelp {
	keys: string;
	action: string;
	/** Shown in the footer too; everything is in the help overlay. */
	footer?: boolean;
}

export const GLOBAL_KEYS: KeyHelp[] = [
	{keys: 'Esc', action: 'back (on home: asks, a second Esc quits)', footer: true},
	{keys: 'q', action: 'quit (when no text field has focus)', footer: true},
	{keys: '?', action: 'this help (when no text field has focus)', footer: true},
	{keys: 'Ctrl+C', action: 'quit, from anywhere'},
];
