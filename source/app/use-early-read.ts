// A screen opened before the services are made (the home menu's first keys) asks for its first read at once: the
// answer is on its way while the client's code loads, and the client takes it as its own (api/early-reads.ts).
import {useEffect} from 'react';
import type {AppServices, ShellServices} from '../ui/services.js';
import {screenEntry} from './registry.js';
import type {Screen} from './screen-stack.js';

export function useEarlyRead(top: Screen, services: AppServices | undefined, shell: ShellServices): void {
	const read = screenEntry(top).earlyRead;
	const waiting = services === undefined;
	const early = shell.earlyReads;
	useEffect(() => {
		if (waiting && read) early?.ask(read);
	}, [read, waiting, early]);
}
