// One way for a view taller than the screen to scroll, shared by the pair details (Symbols) and a loan's detail: the
// view is laid out as terminal rows first (one element a row, wrapped ahead: format/wrap.ts), a window of them shows,
// and the last row says what is above and below ("↓ 4 more (PgDn)"). Nothing is left out without that mark, and
// every row is reachable by the keys scrollBindings gives.
import React, {type ReactElement} from 'react';
import {Box, Text} from 'ink';
import type {Binding} from '../keys/binding.js';

export interface ScrollWindow {
	/** The first row shown and the one after the last. */
	start: number;
	end: number;
	/** How many rows show at once (a page). */
	page: number;
	/** The mark under the rows, when some do not show. */
	more?: string;
}

/** The window over `total` rows in `height` rows of screen at `scroll`: all of them when they fit, else one row fewer
 * and the mark, which says which way the rest is. */
export function scrollWindow(total: number, height: number, scroll: number): ScrollWindow {
	if (total <= height) return {start: 0, end: total, page: total};
	const page = Math.max(1, height - 1);
	const start = Math.min(Math.max(0, scroll), total - page);
	const end = start + page;
	const below = total - end;
	const parts = [below > 0 ? `↓ ${below} more (PgDn)` : undefined, start > 0 ? `↑ ${start} above (PgUp)` : undefined].filter(Boolean);
	return {start, end, page, more: `  ${parts.join(' · ')}`};
}

/** `scroll` moved by `by` and kept within the rows (the last page ends on the last row). */
export function scrolledBy(scroll: number, by: number, total: number, page: number): number {
	return Math.min(Math.max(0, scroll + by), Math.max(0, total - page));
}

/** The rows of `window` (each one terminal row, keyed), then its mark. */
export function WindowedRows({rows, window}: {rows: readonly ReactElement[]; window: ScrollWindow}) {
	return (
		<Box flexDirection="column">
			{rows.slice(window.start, window.end)}
			{window.more ? (
				<Text dimColor wrap="truncate">
					{window.more}
				</Text>
			) : null}
		</Box>
	);
}

/** The keys that scroll a window, offered only while it does not show everything: PgUp/PgDn a page, and with `rows`
 * ↑/↓ (k/j) a row and Home/End (g/G) the ends (where ↑/↓ mean something else, the pair details, only the pages). */
export function scrollBindings(scroll: (by: number) => void, window: ScrollWindow, total: number, {rows = false, what = 'the details'} = {}): Binding[] {
	const scrolls = window.more !== undefined;
	const page = window.page;
	return [
		...(rows
			? [
					{keys: ['Up', 'k'], description: `scroll ${what} up a line`, group: 'scroll', footer: 2, handler: () => scroll(-1), when: scrolls},
					{keys: ['Down', 'j'], description: `scroll ${what} down a line`, group: 'scroll', footer: 2, handler: () => scroll(1), when: scrolls},
				]
			: []),
		{keys: ['PgUp'], description: `scroll ${what} up (they do not fit)`, group: 'scroll', footer: 2, handler: () => scroll(-page), when: scrolls},
		{keys: ['PgDn'], description: `scroll ${what} down`, group: 'scroll', footer: 2, handler: () => scroll(page), when: scrolls},
		...(rows
			? [
					{keys: ['Home', 'g'], description: `the top of ${what}`, group: 'scroll ends', handler: () => scroll(-total), when: scrolls},
					{keys: ['End', 'G'], description: `the end of ${what}`, group: 'scroll ends', handler: () => scroll(total), when: scrolls},
				]
			: []),
	];
}
