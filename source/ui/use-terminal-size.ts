import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export interface TerminalSize {
	columns: number;
	rows: number;
}

/** The terminal's size, following resizes. Tests without a TTY get 100x30. */
export function useTerminalSize(): TerminalSize {
	const {stdout} = useStdout();
	const read = (): TerminalSize => ({columns: stdout.columns || 100, rows: stdout.rows || 30});
	const [size, setSize] = useState(read);
	useEffect(() => {
		const onResize = () => setSize(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}
