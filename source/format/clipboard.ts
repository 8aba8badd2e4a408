// Copy to the clipboard through the terminal itself (OSC 52): works over SSH and inside tmux (with
// set-clipboard on), needs no clipboard program. Whether the terminal honours it cannot be asked, so callers
// say "copied if your terminal allows it" and always show the text too.

/** Terminals known to ignore OSC 52; on these the caller shows the fallback message only. */
const NO_OSC52 = new Set(['dumb', 'linux', 'vt100', 'vt220']);

/** True for a terminal known to ignore OSC 52; an unknown TERM (unset) counts as dumb. */
export function terminalIgnoresOsc52(term: string | undefined): boolean {
	return NO_OSC52.has(term ?? 'dumb');
}

/** The escape sequence that asks the terminal to put `text` on the system clipboard. */
export function osc52(text: string): string {
	return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
