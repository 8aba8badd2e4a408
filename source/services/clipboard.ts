// Copying a value (an order id) with one key: OSC 52 written to the terminal, which puts it on the clipboard
// where the terminal allows it (tmux: set-clipboard on). Whether it did cannot be asked, so the screen says
// "copied if your terminal allows it" and keeps the value on screen; where OSC 52 is known not to work it says so.
import {osc52} from '../format/clipboard.js';

export interface Clipboard {
	supported: boolean;
	/** Writes the copy request; false when the terminal is known to ignore it. */
	copy(text: string): boolean;
}

/** `supported`: the run's configuration says OSC 52 may work here (runtime/config.ts: TERM, LOAN_TUI_NO_OSC52). */
export function terminalClipboard(supported: boolean, write: (data: string) => void): Clipboard {
	return {
		supported,
		copy(text) {
			if (!supported) return false;
			write(osc52(text));
			return true;
		},
	};
}

/** What the screen says after the copy key. */
export function copiedMessage(clipboard: Clipboard | undefined, what: string): string {
	if (clipboard?.supported) return `${what} sent to the clipboard (if your terminal allows it)`;
	return `this terminal cannot take a copy (OSC 52): select the ${what.toLowerCase()} above to copy it`;
}
