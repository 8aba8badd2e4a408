// The ? overlay's state: whether it shows, how far it is scrolled, and its rows laid out at this width.
import {useState} from 'react';
import type {KeyHelp} from '../ui/keys/binding.js';
import {helpLayout, helpRowsWithGlobals, helpWindow, type HelpLayout} from './components/help-overlay.js';
import type {HelpScroll} from './shell-keys.js';

export interface HelpOverlayState {
	open: boolean;
	offset: number;
	layout: HelpLayout;
	scroll: HelpScroll;
}

export interface HelpOverlayActions {
	openHelp(): void;
	closeHelp(): void;
	scrollHelp(by: number): void;
}

const NO_HELP: HelpLayout = {about: [], lines: []};

/** `about` and `rows`: the top screen's help line and key rows (the shell's rows are added here). */
export function useHelpOverlay(
	about: string,
	rows: readonly KeyHelp[],
	columns: number,
	bodyRows: number,
): {state: HelpOverlayState; actions: HelpOverlayActions} {
	const [help, setHelp] = useState({open: false, offset: 0});
	const withGlobals = helpRowsWithGlobals(rows);
	// Laid out as the rows it takes at this width (long words wrap, never cut), only while it shows; it scrolls by those rows.
	const layout = help.open ? helpLayout(about, withGlobals, columns) : NO_HELP;
	const {visible, maxOffset} = helpWindow(layout.lines.length, bodyRows, layout.about.length);
	return {
		state: {open: help.open, offset: help.offset, layout, scroll: {visible, maxOffset, lines: layout.lines.length}},
		actions: {
			openHelp: () => setHelp({open: true, offset: 0}),
			closeHelp: () => setHelp({open: false, offset: 0}),
			scrollHelp: (by) => setHelp((now) => ({open: now.open, offset: Math.min(Math.max(0, now.offset + by), maxOffset)})),
		},
	};
}
