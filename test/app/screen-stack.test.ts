import {describe, expect, it} from 'vitest';
import {initialStack, stackReducer, topScreen} from '../../source/app/screen-stack.js';

describe('screen stack', () => {
	it('pushes, goes back, and quits when backing out of home', () => {
		let state = stackReducer(initialStack, {type: 'push', screen: {name: 'symbols'}});
		expect(topScreen(state)).toEqual({name: 'symbols'});
		state = stackReducer(state, {type: 'push', screen: {name: 'borrow', prefill: {loanCoin: 'USDT'}}});
		expect(state.stack.map((screen) => screen.name)).toEqual(['home', 'symbols', 'borrow']);
		state = stackReducer(state, {type: 'back'});
		expect(topScreen(state).name).toBe('symbols');
		state = stackReducer(state, {type: 'back'});
		expect(topScreen(state).name).toBe('home');
		expect(state.quit).toBe(false);
		state = stackReducer(state, {type: 'back'});
		// Backing out of home asks first; a second back quits.
		expect(state.quit).toBe(false);
		expect(state.quitAsked).toBe(true);
		state = stackReducer(state, {type: 'back'});
		expect(state.quit).toBe(true);
		expect(state.stack).toHaveLength(1);
	});

	it('forgets the quit question on any other key or move', () => {
		const asked = stackReducer(initialStack, {type: 'back'});
		expect(asked.quitAsked).toBe(true);
		const stayed = stackReducer(asked, {type: 'stay'});
		expect(stayed.quitAsked).toBe(false);
		expect(stackReducer(stayed, {type: 'back'}).quit).toBe(false);
		expect(stackReducer(asked, {type: 'push', screen: {name: 'symbols'}}).quitAsked).toBe(false);
		expect(stackReducer(initialStack, {type: 'stay'})).toBe(initialStack);
	});

	it('replaces the top, returns home, and quits from anywhere', () => {
		let state = stackReducer(initialStack, {type: 'push', screen: {name: 'estimate'}});
		state = stackReducer(state, {type: 'replace', screen: {name: 'borrow'}});
		expect(state.stack.map((screen) => screen.name)).toEqual(['home', 'borrow']);
		state = stackReducer(stackReducer(state, {type: 'push', screen: {name: 'credentials'}}), {type: 'home'});
		expect(state.stack).toEqual([{name: 'home'}]);
		expect(stackReducer(state, {type: 'quit'}).quit).toBe(true);
	});

	it('never mutates the previous state', () => {
		const before = structuredClone(initialStack);
		stackReducer(initialStack, {type: 'push', screen: {name: 'symbols'}});
		expect(initialStack).toEqual(before);
	});
});
