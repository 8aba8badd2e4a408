import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {SymbolRecord} from '../../source/api/types.js';
import {buildIndex, type SearchIndex} from '../../source/screens/symbols/search.js';
import {useSearchWarmUp, WARM_UP_DELAY_MS} from '../../source/screens/symbols/use-search-warm-up.js';

function Probe({index, query}: {index: SearchIndex; query: string}) {
	useSearchWarmUp(index, query);
	return null;
}

/** 50 pairs whose base coin counts its reads: the keys step reads each once, the sort never. */
function countedIndex() {
	const reads = {base: 0};
	const records = Array.from({length: 50}, (_, i): SymbolRecord => {
		const base = `C${49 - i}`;
		return {
			symbol: `${base}USDT`,
			quoteCoin: 'USDT',
			get baseCoin() {
				reads.base++;
				return base;
			},
		};
	});
	return {reads, index: buildIndex(records)};
}

describe('the explorer search warm-up', () => {
	afterEach(() => vi.useRealTimers());

	it('builds the keys once the list has been on screen for a moment, one step per turn of the event loop', async () => {
		vi.useFakeTimers();
		const {reads, index} = countedIndex();
		const app = render(<Probe index={index} query="" />);
		await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS - 1);
		expect(reads.base).toBe(0);
		// The delay's timer runs the sort, on its own turn: no key made yet.
		await vi.advanceTimersToNextTimerAsync();
		expect(reads.base).toBe(0);
		// The next turn (an immediate: no time passes) makes the keys.
		await vi.advanceTimersToNextTimerAsync();
		expect(reads.base).toBe(50);
		await vi.runAllTimersAsync();
		app.unmount();
	});

	it('leaves the rest once something is typed', async () => {
		vi.useFakeTimers();
		const {reads, index} = countedIndex();
		const app = render(<Probe index={index} query="" />);
		await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS);
		app.rerender(<Probe index={index} query="c" />);
		await vi.runAllTimersAsync();
		expect(reads.base).toBe(0);
		app.unmount();
	});
});
