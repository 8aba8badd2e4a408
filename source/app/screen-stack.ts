// The app's screens as plain state: a stack whose top is shown. Pure, so it is tested without rendering.
import type {Screen} from './registry.js';

export type {Screen};

export interface StackState {
	stack: Screen[];
	/** Set when the last screen was left: the app should exit. */
	quit: boolean;
	/** Esc on home asked whether to quit: a second Esc quits, any other key stays. */
	quitAsked?: boolean;
}

export type StackAction =
	{type: 'push'; screen: Screen} | {type: 'back'} | {type: 'stay'} | {type: 'replace'; screen: Screen} | {type: 'home'} | {type: 'quit'};

export const initialStack: StackState = {stack: [{name: 'home'}], quit: false};

export function stackReducer(state: StackState, action: StackAction): StackState {
	switch (action.type) {
		case 'push':
			return {...state, quitAsked: false, stack: [...state.stack, action.screen]};
		case 'back':
			// Backing out of home asks first: one Esc too many out of a wizard must not drop the session.
			if (state.stack.length <= 1) return state.quitAsked ? {...state, quit: true} : {...state, quitAsked: true};
			return {...state, quitAsked: false, stack: state.stack.slice(0, -1)};
		case 'stay':
			return state.quitAsked ? {...state, quitAsked: false} : state;
		case 'replace':
			return {...state, quitAsked: false, stack: [...state.stack.slice(0, -1), action.screen]};
		case 'home':
			return {...state, quitAsked: false, stack: state.stack.slice(0, 1)};
		case 'quit':
			return {...state, quit: true};
	}
}

export function topScreen(state: StackState): Screen {
	return state.stack[state.stack.length - 1]!;
}
