import {useTerminalSize, type TerminalSize} from './use-terminal-size.js';

/** Rows the shell takes around a screen: status line, footer, and one spare so Ink never fills the terminal. */
const CHROME_ROWS = 3;
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;

/** The space a screen may draw in. */
export function useBodySize(): TerminalSize {
	const size = useTerminalSize();
	return {columns: size.columns, rows: Math.max(1, size.rows - CHROME_ROWS)};
}
