// How the top screen takes keys. The app shell owns the one keypress subscription (keypress-layer.tsx) and hands
// each key to exactly one place: Ctrl+C quits; while help is open it owns every key; otherwise Esc goes back and
// the top screen's handler registered here gets the rest, and a paste goes to the screen's onPaste (or nowhere).
// Fields subscribe to nothing: their input hooks (use-text-field, use-choice-field) get keys from the screen's handler.
import React, {createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode} from 'react';
import type {Key} from './parse-key.js';
import type {KeyHelp} from './key-help.js';
import type {Store} from '../../services/store.js';

/** 'busy': a request is out and keys change nothing; q and ? are not taken either (Ctrl+C still quits). */
export type InputMode = 'text' | 'navigate' | 'busy';

export interface ScreenInput {
	/** 'text' while a text field has focus: "?" and "q" are then typed, not help and quit. */
	mode: InputMode;
	keys: KeyHelp[];
	onKey?: (input: string, key: Key) => void;
	/** Pasted text (bracketed paste); only a focused text field takes it. Without this the paste is dropped. */
	onPaste?: (text: string) => void;
	/** Esc: return true when the screen went back inside itself (detail -> list); otherwise the stack pops. */
	onBack?: () => boolean;
}

export interface ScreenKeys {
	mode: InputMode;
	keys: KeyHelp[];
}

interface RouterValue {
	current: React.MutableRefObject<ScreenInput | undefined>;
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
export function useScreenInput(input: ScreenInput): boolean {
	const router = useContext(RouterContext);
	if (!router) throw new Error('useScreenInput outside InputRouterProvider');
	const latest = useRef(input);
	latest.current = input;
	useLayoutEffect(() => {
		const proxy: ScreenInput = {
			get mode() {
				return latest.current.mode;
			},
			get keys() {
				return latest.current.keys;
			},
			onKey: (text, key) => latest.current.onKey?.(text, key),
			onPaste: (text) => latest.current.onPaste?.(text),
			onBack: () => latest.current.onBack?.() ?? false,
		};
		const slot = router.current;
		slot.current = proxy;
		return () => {
			if (slot.current === proxy) slot.current = undefined;
		};
	}, [router]);
	const signature = input.mode + input.keys.map((key) => key.keys + key.action).join('|');
	useLayoutEffect(() => {
		router.keysStore.set({mode: input.mode, keys: input.keys});
	}, [router, signature]); // eslint-disable-line react-hooks/exhaustive-deps -- keys compare by their text: screens build new arrays each render
	return router.screenActive;
}
