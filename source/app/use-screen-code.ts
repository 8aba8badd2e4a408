// The top screen's code: every screen but home is its own chunk (lazy-view.tsx), loaded when it first comes on top.
import {useEffect, useReducer, useState} from 'react';
import {loadView, viewLoaded} from './lazy-view.js';

export interface ScreenCode {
	/** The view can render now. */
	loaded: boolean;
	/** Why this view's code could not be loaded (shown by the screen's error boundary). */
	failure?: {error: unknown};
}

/**
 * Follows the module load of whichever view is on top, however it got there (opened, backed to, replaced, or an
 * initial stack): the load is outside React, and a late answer for a view no longer on top is dropped.
 */
export function useScreenCode(view: unknown): ScreenCode {
	const [, arrived] = useReducer((count: number) => count + 1, 0);
	const [failure, setFailure] = useState<{view: unknown; error: unknown}>();
	const loaded = viewLoaded(view);
	useEffect(() => {
		if (loaded) return;
		let live = true;
		loadView(view).then(
			() => live && arrived(),
			(error: unknown) => live && setFailure({view, error}),
		);
		return () => {
			live = false;
		};
	}, [view, loaded]);
	return {loaded, failure: failure && failure.view === view ? {error: failure.error} : undefined};
}
