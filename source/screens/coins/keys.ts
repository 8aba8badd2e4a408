// The Coins screen's keys as one table (ui/keys/binding.ts): scrolling while the tables are taller than the
// terminal, and Ctrl+R. Pure.
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import type {CoinsActions} from './use-coins.js';

export interface CoinsKeyState {
	/** The first line shown. */
	top: number;
	pageSize: number;
	/** The furthest `top` goes; 0 when everything fits (nothing scrolls). */
	maxOffset: number;
}

export function coinsBindings(state: CoinsKeyState, actions: CoinsActions): Binding[] {
	const {top, pageSize, maxOffset} = state;
	const scrolls = maxOffset > 0;
	return [
		{keys: ['Up', 'k'], description: 'scroll up', group: 'scroll', footer: 1, when: scrolls, handler: () => actions.scroll(top - 1)},
		{keys: ['Down', 'j'], description: 'scroll down', group: 'scroll', footer: 1, when: scrolls, handler: () => actions.scroll(top + 1)},
		{keys: ['PgUp'], description: 'a page up', group: 'page', footer: 3, when: scrolls, handler: () => actions.scroll(top - pageSize)},
		{keys: ['PgDn', 'Space'], description: 'a page down', group: 'page', footer: 3, when: scrolls, handler: () => actions.scroll(top + pageSize)},
		{keys: ['Home', 'g'], description: 'the top', group: 'top or bottom', when: scrolls, handler: () => actions.scroll(0)},
		{keys: ['End', 'G'], description: 'the bottom', group: 'top or bottom', when: scrolls, handler: () => actions.scroll(maxOffset)},
		refreshBinding(actions.refresh, 'read the coins again', 2),
	];
}
