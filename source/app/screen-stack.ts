// The app's screens as plain state: a stack whose top is shown. Pure, so it is tested without rendering.
import type {Screen} from './registry.js';

export type {Screen};
export type ScreenName = Screen['name'];

export interface StackState {
	stack: Screen[];
	/** Set when the last screen was left: the app should exit. */
	quit: boolean;
}

export type StackAction = {type: 'push'; screen: Screen} | {type: 'back'} | {type: 'replace'; screen: Screen} | {type: 'home'} | {type: 'quit'};

export const initialStack: StackState = {stack: [{name: 'home'}], quit: false};

export function stackReducer(state: StackState, action: StackAction): StackState {
	switch (action.type) {
		case 'push':
			return {...state, stack: [...state.stack, action.screen]};
		case 'back':
			return state.stack.length <= 1 ? {...state, quit: true} : {...state, stack: state.stack.slice(0, -1)};
		case 'replace':
			return {...state, stack: [...state.stack.slice(0, -1), action.screen]};
		case 'home':
			return {...state, stack: state.stack.slice(0, 1)};
		case 'quit':
			return {...state, quit: true};
	}
}

export function topScreen(state: StackState): Screen {
	return state.stack[state.stack.length - 1]!;
}
