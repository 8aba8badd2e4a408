import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

export interface TerminalSize {
	columns: number;
	rows: number;
}

/** The terminal's size, following resizes. Tests without a TTY get 100x30. */
export function useTerminalSize(): TerminalSize {
	const {stdout} = useStdout();
	const [size, setSize] = useState(() => sizeOf(stdout));
	useEffect(() => {
		const onResize = () => setSize(sizeOf(stdout));
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
	return {columns: stdout.columns || 100, rows: stdout.rows || 30};
}
