// The app draws on the alternate screen, like other full-screen terminal tools, so the shell's scrollback is
// left as it was; on every way out (quit, Ctrl+C, error, SIGTERM) the screen and cursor are restored.
// The alternate screen keeps the shell's cursor position: home it and clear, or the first frame starts wherever the
// prompt was (usually the bottom row) and scrolls.
const ENTER_ALTERNATE = '\u001B[?1049h\u001B[H\u001B[2J';
const LEAVE_ALTERNATE = '\u001B[?1049l';
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
