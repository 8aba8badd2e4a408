import {useEffect, useRef} from 'react';
import type {SearchIndex} from './search.js';
import {warmUpSteps, type DrawRow} from './search-warm-up.js';

/** Just past Ink's frame interval at 60 fps (app/run.tsx): the frame with the list may still be waiting for its turn
 * when the list arrives, and must go out first. */
export const WARM_UP_DELAY_MS = 25;

/**
 * Runs the search's warm-up (search-warm-up.ts) once a list is on screen, one step per timer turn so a keystroke that
 * arrives in between is handled first. Once something is typed the rest is left: each filter then pays its own way.
 */
export function useSearchWarmUp(index: SearchIndex, query: string, drawRow?: DrawRow): void {
	const typing = useRef(query !== '');
	typing.current = query !== '';
	const draw = useRef(drawRow);
	draw.current = drawRow;
	useEffect(() => {
		if (index.records.length === 0) return;
		const steps = warmUpSteps(index, (match, text, highlight) => draw.current?.(match, text, highlight));
		const step = () => {
			if (typing.current) return;
			steps.shift()?.();
			if (steps.length > 0) timer = setTimeout(step, 0);
		};
		let timer = setTimeout(step, WARM_UP_DELAY_MS);
		return () => clearTimeout(timer);
	}, [index]);
}
