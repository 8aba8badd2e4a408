// The shell's keys without rendering (source/app/shell-keys.ts): the router's order (Ctrl+C, the help overlay,
// Esc and "Quit?", q and ? outside text fields, the top screen), and the help overlay's own table.
import {describe, expect, it, vi} from 'vitest';
import {footerKeys, helpRows} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import type {KeyEvent} from '../../source/ui/keys/key-reader.js';
import type {InputMode, RegisteredScreen} from '../../source/ui/keys/screen-input.js';
import {helpBindings, routeKey, shellKeys, type ShellKeyActions, type ShellKeyState} from '../../source/app/shell-keys.js';

const ESC = '\u001B';
const CTRL_C = '\u0003';

const keyEvent = (sequence: string): KeyEvent => ({type: 'key', sequence, ...parseKey(sequence)});

function screen(mode: InputMode = 'navigate', ownBack = false) {
	return {mode, loading: false, onKey: vi.fn(() => true), onBack: vi.fn(() => ownBack), onPaste: vi.fn()} satisfies RegisteredScreen;
}

function actions(moneyOut = false) {
	return {
		back: vi.fn(),
		quit: vi.fn(),
		openHelp: vi.fn(),
		closeHelp: vi.fn(),
		scrollHelp: vi.fn(),
		interruptMoney: vi.fn(() => moneyOut),
		stay: vi.fn(),
		askedQuitIn: vi.fn(),
	} satisfies ShellKeyActions;
}

function shellState(overrides: Partial<ShellKeyState> = {}): ShellKeyState {
	return {helpOpen: false, help: {visible: 5, maxOffset: 0, lines: 3}, quitAsked: false, home: false, quitAskedBy: undefined, screen: screen(), ...overrides};
}

describe('the shell key router', () => {
	it('takes Ctrl+C first, from anywhere: a money POST out is interrupted, otherwise the app quits', () => {
		for (const state of [shellState(), shellState({helpOpen: true}), shellState({screen: screen('text')})]) {
			const on = actions(true);
			routeKey(keyEvent(CTRL_C), 1, state, on);
			expect(on.interruptMoney).toHaveBeenCalledOnce();
			expect(on.quit).not.toHaveBeenCalled();
			const idle = actions(false);
			routeKey(keyEvent(CTRL_C), 1, state, idle);
			expect(idle.quit).toHaveBeenCalledOnce();
			expect(state.screen?.onKey).not.toHaveBeenCalled();
		}
	});

	it('opens the help with ? and quits with q only while no text field has focus', () => {
		const list = shellState();
		const on = actions();
		routeKey(keyEvent('?'), 1, list, on);
		routeKey(keyEvent('q'), 2, list, on);
		expect(on.openHelp).toHaveBeenCalledOnce();
		expect(on.quit).toHaveBeenCalledOnce();
		expect(list.screen?.onKey).not.toHaveBeenCalled();

		const field = shellState({screen: screen('text')});
		const typing = actions();
		routeKey(keyEvent('?'), 1, field, typing);
		routeKey(keyEvent('q'), 2, field, typing);
		expect(typing.openHelp).not.toHaveBeenCalled();
		expect(typing.quit).not.toHaveBeenCalled();
		expect(field.screen?.onKey).toHaveBeenCalledTimes(2);
	});

	it('gives other keys and pastes to the top screen', () => {
		const state = shellState();
		const on = actions();
		routeKey(keyEvent('j'), 1, state, on);
		routeKey({type: 'paste', text: 'BTC'}, 1, state, on);
		expect(state.screen?.onKey).toHaveBeenCalledWith('j', expect.objectContaining({escape: false}));
		expect(state.screen?.onPaste).toHaveBeenCalledWith('BTC');
	});

	it('lets a screen with its own Esc row take Esc, and goes back otherwise, even from a text field', () => {
		const own = shellState({screen: screen('navigate', true)});
		const on = actions();
		routeKey(keyEvent(ESC), 1, own, on);
		expect(own.screen?.onBack).toHaveBeenCalledOnce();
		expect(on.back).not.toHaveBeenCalled();

		const field = shellState({screen: screen('text')});
		routeKey(keyEvent(ESC), 1, field, on);
		expect(on.back).toHaveBeenCalledOnce();
		expect(field.screen?.onKey).not.toHaveBeenCalled();
	});

	it('on home, remembers the read whose Esc asked "Quit?", and ignores another Esc of that same read', () => {
		const on = actions();
		routeKey(keyEvent(ESC), 7, shellState({home: true}), on);
		expect(on.askedQuitIn).toHaveBeenCalledWith(7);
		expect(on.back).toHaveBeenCalledOnce();

		const asked = shellState({home: true, quitAsked: true, quitAskedBy: 7});
		routeKey(keyEvent(ESC), 7, asked, on);
		expect(on.back).toHaveBeenCalledOnce();
		// An Esc typed after the question could be seen answers it: back from home, which quits.
		routeKey(keyEvent(ESC), 8, asked, on);
		expect(on.back).toHaveBeenCalledTimes(2);
		expect(on.askedQuitIn).toHaveBeenCalledOnce();
		expect(on.stay).not.toHaveBeenCalled();
	});

	it('answers "Quit?" with stay on any other key, and still does what the key does', () => {
		const asked = shellState({home: true, quitAsked: true, quitAskedBy: 1});
		const on = actions();
		routeKey(keyEvent('4'), 2, asked, on);
		expect(on.stay).toHaveBeenCalledOnce();
		expect(asked.screen?.onKey).toHaveBeenCalledWith('4', expect.anything());
		routeKey(keyEvent('?'), 3, asked, on);
		expect(on.stay).toHaveBeenCalledTimes(2);
		expect(on.openHelp).toHaveBeenCalledOnce();
	});

	it('while the help shows, keys go to it alone: the screen gets neither keys nor pastes', () => {
		const help = shellState({helpOpen: true, help: {visible: 4, maxOffset: 6, lines: 10}});
		const on = actions();
		for (const [sequence, by] of [
			['\u001B[A', -1],
			['j', 1],
			['\u001B[5~', -4],
			[' ', 4],
			['\u001B[H', -10],
			['\u001B[F', 10],
		] as const) {
			routeKey(keyEvent(sequence), 1, help, on);
			expect(on.scrollHelp).toHaveBeenLastCalledWith(by);
		}
		for (const sequence of [ESC, '?', 'q', '\r']) routeKey(keyEvent(sequence), 1, help, on);
		expect(on.closeHelp).toHaveBeenCalledTimes(4);
		routeKey(keyEvent('x'), 1, help, on);
		routeKey({type: 'paste', text: 'y'}, 1, help, on);
		expect(help.screen?.onKey).not.toHaveBeenCalled();
		expect(help.screen?.onPaste).not.toHaveBeenCalled();
		expect(on.back).not.toHaveBeenCalled();
		expect(on.quit).not.toHaveBeenCalled();
	});

	it('does not scroll a help that fits', () => {
		const on = actions();
		routeKey(keyEvent('j'), 1, shellState({helpOpen: true}), on);
		expect(on.scrollHelp).not.toHaveBeenCalled();
	});
});

describe('the shell key tables', () => {
	it('show the help overlay its scroll keys only while it scrolls, and close it', () => {
		const on = actions();
		const fits = helpBindings({visible: 5, maxOffset: 0, lines: 3}, on);
		expect(footerKeys(fits)).toEqual([{keys: 'Esc/?', action: 'close help', footer: 1}]);
		const scrolls = helpBindings({visible: 5, maxOffset: 2, lines: 7}, on);
		expect(footerKeys(scrolls)).toEqual([
			{keys: '↑/↓', action: 'scroll', footer: 2},
			{keys: 'Esc/?', action: 'close help', footer: 1},
		]);
	});

	it('are the shared shell rows while the help is closed, and the help overlay rows while it shows', () => {
		const on = actions();
		expect(helpRows(shellKeys(shellState(), on)).map((row) => row.keys)).toEqual(['Esc', 'q', '?', 'Ctrl+C']);
		expect(helpRows(shellKeys(shellState({helpOpen: true, help: {visible: 1, maxOffset: 1, lines: 2}}), on)).map((row) => row.keys)).toEqual([
			'↑/k',
			'↓/j',
			'PgUp',
			'PgDn/Space',
			'Home',
			'End',
			'Esc/?',
		]);
	});
});
