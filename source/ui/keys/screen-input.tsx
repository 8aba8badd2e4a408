// How the top screen takes keys. The app shell owns the one keypress subscription (keypress-layer.tsx) and hands
// each key to exactly one place: Ctrl+C quits; while help is open it owns every key; otherwise Esc goes back and
// the top screen's handler registered here gets the rest, and a paste goes to the screen's onPaste (or nowhere).
// Fields subscribe to nothing: their input hooks (use-text-field, use-choice-field) get keys from the screen's table.
import React, {createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode} from 'react';
import {parseKey, type Key} from './parse-key.js';
import {bindingFor, dispatchKey, footerKeys, helpRows, type Binding, type KeyHelp} from './binding.js';
import type {Store} from '../../services/store.js';

/** 'busy': a request is out and keys change nothing; q and ? are not taken either (Ctrl+C still quits). */
export type InputMode = 'text' | 'navigate' | 'busy';

export interface ScreenInput {
	/** 'text' while a text field has focus: "?" and "q" are then typed, not help and quit. */
	mode: InputMode;
	/** The screen's keys now (ui/keys/binding.ts): they dispatch, and make the footer and the help. A row for Esc
	 * replaces the shell's "back" (the screen goes back inside itself, or says where Esc goes). */
	bindings: Binding[];
	/** Pasted text (bracketed paste); only a focused text field takes it. Without this the paste is dropped. */
	onPaste?: (text: string) => void;
	/** True while the screen reads what its keys act on (a list before its first answer): keys typed meanwhile wait
	 * and are handled in order once it is false (ui/keys/key-queue.ts); Esc and Ctrl+C act at once. */
	loading?: boolean;
}

export interface ScreenKeys {
	mode: InputMode;
	/** The screen is loading: keys wait (the shell re-renders when this changes, and the keypress layer looks again). */
	loading: boolean;
	/** The help overlay's rows. */
	help: KeyHelp[];
	/** The footer's hints. */
	footer: KeyHelp[];
	/** The table they came from, as of the last change of their text (for its keys; handlers may be older). */
	bindings: readonly Binding[];
}

/** What the shell asks of the top screen. */
export interface RegisteredScreen {
	readonly mode: InputMode;
	/** As of the screen's latest render: keys wait while it is true. */
	readonly loading: boolean;
	/** Runs the screen's row for this key; false when the screen has none. */
	onKey(input: string, key: Key): boolean;
	/** Esc: true when the screen has its own row for it (and ran it); otherwise the shell goes back. */
	onBack(): boolean;
	onPaste(text: string): void;
}

interface RouterValue {
	current: React.MutableRefObject<RegisteredScreen | undefined>;
	/** What the footer and help overlay show. */
	keysStore: Store<ScreenKeys>;
	/** False while the help overlay is open: fields then show as unfocused. */
	screenActive: boolean;
}

const RouterContext = createContext<RouterValue | undefined>(undefined);

export function InputRouterProvider({children, current, keysStore, screenActive}: RouterValue & {children: ReactNode}) {
	// One value per (ref, store, active): a fresh object each render would re-run every screen's registration.
	const value = useMemo(() => ({current, keysStore, screenActive}), [current, keysStore, screenActive]);
	return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Registers the top screen's keys. Returns whether the screen's widgets may take input now. */
const ESC = parseKey('\u001B').key;

export function useScreenInput(input: ScreenInput): boolean {
	const router = useContext(RouterContext);
	if (!router) throw new Error('useScreenInput outside InputRouterProvider');
	const latest = useRef(input);
	latest.current = input;
	useLayoutEffect(() => {
		const proxy: RegisteredScreen = {
			get mode() {
				return latest.current.mode;
			},
			get loading() {
				return latest.current.loading === true;
			},
			onKey: (text, key) => dispatchKey(latest.current.bindings, text, key),
			onPaste: (text) => latest.current.onPaste?.(text),
			onBack: () => {
				const own = bindingFor(latest.current.bindings, '', ESC);
				own?.handler('', ESC);
				return own !== undefined;
			},
		};
		const slot = router.current;
		slot.current = proxy;
		return () => {
			if (slot.current === proxy) slot.current = undefined;
		};
	}, [router]);
	const help = helpRows(input.bindings);
	const footer = footerKeys(input.bindings);
	const loading = input.loading === true;
	const signature = [input.mode, String(loading), ...[...help, ...footer].map((key) => `${key.keys}\t${key.action}\t${key.footer ?? ''}`)].join('\n');
	useLayoutEffect(() => {
		router.keysStore.set({mode: input.mode, loading, help, footer, bindings: input.bindings});
	}, [router, signature]); // eslint-disable-line react-hooks/exhaustive-deps -- keys compare by their text: screens build new tables each render
	return router.screenActive;
}
