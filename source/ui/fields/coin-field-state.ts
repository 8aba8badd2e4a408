// A coin field: a text field plus the highlighted completion. Plain state; the coins come with each action that
// needs them (they load in the background and may change).
import {completeCoin, moveSuggestion, NO_SUGGESTION, suggestCoins, type CoinLike} from './coin-rules.js';
import {textFieldReducer, type TextFieldAction, type TextFieldState} from './text-field-state.js';

export interface CoinFieldState extends TextFieldState {
	/** The suggestion moved to with ↑/↓, or NO_SUGGESTION. */
	suggestion: number;
}

export type CoinFieldAction = TextFieldAction | {type: 'suggest'; by: number; coins: readonly CoinLike[]} | {type: 'complete'; coins: readonly CoinLike[]};

export function coinFieldReducer(state: CoinFieldState, action: CoinFieldAction): CoinFieldState {
	switch (action.type) {
		case 'suggest': {
			const count = suggestCoins(action.coins, state.value).length;
			return count === 0 ? state : {...state, suggestion: moveSuggestion(state.suggestion, action.by, count)};
		}
		case 'complete': {
			const chosen = completeCoin(action.coins, state.value, state.suggestion);
			return chosen === undefined ? state : {...state, value: chosen, cursor: chosen.length, selected: false};
		}
		default: {
			const text = textFieldReducer(state, action);
			if (text === state) return state;
			return {...text, selected: text.selected ?? false, suggestion: text.value === state.value ? state.suggestion : NO_SUGGESTION};
		}
	}
}
