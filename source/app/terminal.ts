// The app draws on the alternate screen, like other full-screen terminal tools, so the shell's scrollback is
// left as it was; on every way out (quit, Ctrl+C, error, SIGTERM) the screen and cursor are restored.
// The alternate screen keeps the shell's cursor position: home it and clear, or the first frame starts wherever the
// prompt was (usually the bottom row) and scrolls.
// Bracketed paste on (?2004h): the terminal marks pasted text, so a paste is typed into a field and never taken as
// keys (a `y` in pasted text must not confirm a borrow). Off again on the way out.
const ENTER_ALTERNATE = '\u001B[?1049h\u001B[H\u001B[2J\u001B[?2004h';
const LEAVE_ALTERNATE = '\u001B[?2004l\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';

export function enterAlternateScreen(stdout: NodeJS.WriteStream): () => void {
	stdout.write(ENTER_ALTERNATE);
	let restored = false;
	return () => {
		if (restored) return;
		restored = true;
		stdout.write(LEAVE_ALTERNATE + SHOW_CURSOR);
	};
}
