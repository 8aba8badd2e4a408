// Whether keys work yet: the footer shows only then, so "keys are shown" means "keys work" (tests wait for it too).
import {useEffect, useState} from 'react';

/**
 * Effects run children first, parent last: once the shell's first effect has run, raw mode is on and every key
 * listener is attached, unless `keysLive` says keys work already (the terminal is raw before the first frame,
 * run.tsx).
 */
export function useInputReady(keysLive: boolean): boolean {
	const [inputReady, setInputReady] = useState(keysLive);
	useEffect(() => setInputReady(true), []);
	return inputReady;
}
