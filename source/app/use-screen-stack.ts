// The stack of screens (screen-stack.ts) with the ways to move on it, and the way out of the app.
import {useCallback, useEffect, useMemo, useReducer, useRef, type Dispatch} from 'react';
import {useApp} from 'ink';
import type {Navigation} from '../ui/navigation.js';
import type {AppServices} from '../ui/services.js';
import {stackReducer, type StackAction, type StackState} from './screen-stack.js';
import {toScreen} from './registry.js';

export interface ScreenStack {
	stack: StackState;
	dispatch: Dispatch<StackAction>;
	quit(): void;
	/** What screens move with (ui/navigation.tsx): one value for the app's life. */
	navigation: Navigation;
}

export function useScreenStack(initial: StackState, services: AppServices | undefined, onQuit: (() => void) | undefined): ScreenStack {
	const [stack, dispatch] = useReducer(stackReducer, initial);
	const {exit} = useApp();

	// Ink's exit follows the stack's quit, which the reducer also sets (a second Esc on home), not only `quit`.
	useEffect(() => {
		if (!stack.quit) return;
		onQuit?.();
		exit();
	}, [stack.quit, exit, onQuit]);

	// Quitting closes the money guard at once, before the quit renders: a POST confirmed a moment ago whose request
	// has not started yet can then no longer start (its screen records "not sent"). Read through a ref so `quit`,
	// and with it `navigation`, stays one value when the services arrive.
	const money = useRef(services?.money);
	money.current = services?.money;
	const quit = useCallback(() => {
		money.current?.close();
		dispatch({type: 'quit'});
	}, []);

	const navigation = useMemo<Navigation>(
		() => ({
			push: (route) => dispatch({type: 'push', screen: toScreen(route)}),
			replace: (route) => dispatch({type: 'replace', screen: toScreen(route)}),
			back: () => dispatch({type: 'back'}),
			home: () => dispatch({type: 'home'}),
			quit,
		}),
		[quit],
	);
	return {stack, dispatch, quit, navigation};
}
