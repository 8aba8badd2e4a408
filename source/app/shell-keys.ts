// The shell's keys as pure functions of its state and actions, so they are tested without rendering
// (test/app/shell-keys.test.ts): the help overlay's own table, the shell's table (ui/keys/shared-bindings.ts), and
// the one router every key and paste goes through before the top screen sees it.
import {dispatchKey, type Binding} from '../ui/keys/binding.js';
import {shellBindings} from '../ui/keys/shared-bindings.js';
import type {KeyEvent} from '../ui/keys/key-reader.js';
import type {RegisteredScreen} from '../ui/keys/screen-input.js';

/** The help overlay's rows as laid out now: how many show, the furthest it scrolls, how many there are. */
export interface HelpScroll {
	visible: number;
	maxOffset: number;
	lines: number;
}

export interface ShellKeyState {
	helpOpen: boolean;
	help: HelpScroll;
	/** Esc on home asked "Quit?". */
	quitAsked: boolean;
	/** Only the home screen is on the stack. */
	home: boolean;
	/** The read of the terminal whose Esc asked "Quit?" (see `routeKey`). */
	quitAskedBy: number | undefined;
	/** The top screen's keys, as it registered them (ui/keys/screen-input.tsx). */
	screen: RegisteredScreen | undefined;
}

export interface ShellKeyActions {
	/** One screen back (on home: asks "Quit?", and quits when asked already). */
	back(): void;
	quit(): void;
	openHelp(): void;
	closeHelp(): void;
	scrollHelp(by: number): void;
	/** Ctrl+C while a money POST is out: stops its wait; false when none is out. */
	interruptMoney(): boolean;
	/** Answers "Quit?" with stay. */
	stay(): void;
	/** Remembers the read whose Esc asked "Quit?". */
	askedQuitIn(read: number): void;
}

/** The help overlay's keys: scroll (while it does not fit), close. */
export function helpBindings(help: HelpScroll, on: Pick<ShellKeyActions, 'scrollHelp' | 'closeHelp'>): Binding[] {
	const scrolls = help.maxOffset > 0;
	const scroll = (by: number) => () => on.scrollHelp(by);
	return [
		{keys: ['Up', 'k'], description: 'scroll up', group: 'scroll', footer: 2, handler: scroll(-1), when: scrolls},
		{keys: ['Down', 'j'], description: 'scroll down', group: 'scroll', footer: 2, handler: scroll(1), when: scrolls},
		{keys: ['PgUp'], description: 'a page up', handler: scroll(-help.visible), when: scrolls},
		{keys: ['PgDn', 'Space'], description: 'a page down', handler: scroll(help.visible), when: scrolls},
		{keys: ['Home'], description: 'top', handler: scroll(-help.lines), when: scrolls},
		{keys: ['End'], description: 'bottom', handler: scroll(help.lines), when: scrolls},
		{keys: ['Esc', '?', 'q', 'Enter'], label: 'Esc/?', description: 'close the help', short: 'close help', footer: 1, handler: () => on.closeHelp()},
	];
}

/** The shell's table now: the help overlay's while it shows, otherwise back (the screen's own Esc row first), quit, help. */
export function shellKeys(state: ShellKeyState, on: ShellKeyActions): Binding[] {
	if (state.helpOpen) return helpBindings(state.help, on);
	return shellBindings({
		back: () => (state.screen?.onBack() ? undefined : on.back()),
		quit: () => on.quit(),
		help: () => on.openHelp(),
	});
}

/**
 * One key or paste, against the latest render (ui/keys/keypress-layer.tsx): Ctrl+C first, from anywhere; then the
 * help overlay's keys while it shows; then Esc always and q and ? only while no text field has focus (the shell's
 * table); the rest goes to the top screen.
 */
export function routeKey(event: KeyEvent, read: number, state: ShellKeyState, on: ShellKeyActions): void {
	const {screen} = state;
	if (event.type === 'paste') {
		if (!state.helpOpen) screen?.onPaste(event.text);
		return;
	}
	const {input, key} = event;
	if (key.ctrl && input === 'c') {
		// The first Ctrl+C while a money POST is out interrupts it (its screen says the outcome is unknown); the
		// next one quits.
		if (!on.interruptMoney()) on.quit();
		return;
	}
	if (state.helpOpen) {
		dispatchKey(shellKeys(state, on), input, key);
		return;
	}
	// Any key but a second Esc answers "Quit?" with "stay", and then does what it does on home (4 opens Loans): the
	// person who meant to stay is not made to type it twice.
	if (state.quitAsked && !key.escape) on.stay();
	// Another Esc of the read whose Esc asked "Quit?" on home was typed before the question could be seen (seven
	// Escs in one write from three screens deep), so it does not answer it.
	if (key.escape && state.quitAsked && read === state.quitAskedBy) return;
	if (key.escape && !state.quitAsked && state.home) on.askedQuitIn(read);
	if (key.escape || screen?.mode === 'navigate') {
		if (dispatchKey(shellKeys(state, on), input, key)) return;
	}
	screen?.onKey(input, key);
}
