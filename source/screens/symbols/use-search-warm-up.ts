import {useEffect, useRef} from 'react';
import type {SearchIndex} from './search.js';
import {warmUpSteps, type DrawRow} from './search-warm-up.js';

/** Just past Ink's frame interval at 60 fps (app/run.tsx): the frame with the list may still be waiting for its turn
 * when the list arrives, and must go out first. */
export const WARM_UP_DELAY_MS = 25;

/**
 * Runs the search's warm-up (search-warm-up.ts) once a list is on screen, one step per turn of the event loop
 * (setImmediate: after the input waiting, so a keystroke that arrives in between is handled first, without the
 * millisecond a timer waits at least, which made the warm-up of 26 steps end too late for a quick first keystroke).
 * Once something is typed the rest is left: each filter then pays its own way.
 */
export function useSearchWarmUp(index: SearchIndex, query: string, drawRow?: DrawRow): void {
	const typing = useRef(query !== '');
	typing.current = query !== '';
	const draw = useRef(drawRow);
	draw.current = drawRow;
	useEffect(() => {
		if (index.records.length === 0) return;
		const steps = warmUpSteps(index, (match, text, highlight) => draw.current?.(match, text, highlight));
		let next: NodeJS.Immediate | undefined;
		const step = () => {
			if (typing.current) return;
			steps.shift()?.();
			if (steps.length > 0) next = setImmediate(step);
		};
		const timer = setTimeout(step, WARM_UP_DELAY_MS);
		return () => {
			clearTimeout(timer);
			if (next) clearImmediate(next);
		};
	}, [index]);
}
