// The shell: status line, the top screen in its error boundary, footer, help overlay, and the one key router.
import React, {useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {Box, Text, useApp} from 'ink';
import {HelpOverlay} from './components/help-overlay.js';
import {Footer} from './components/footer.js';
import {StatusLine} from './components/status-line.js';
import {ScreenErrorBoundary} from './components/error-boundary.js';
import {InputRouterProvider, type ScreenInput, type ScreenKeys} from '../ui/keys/screen-input.js';
import {KeypressLayer} from '../ui/keys/keypress-layer.js';
import type {KeyEvent} from '../ui/keys/key-reader.js';
import {type Navigation, NavigationProvider} from '../ui/navigation.js';
import {initialStack, stackReducer, topScreen, type StackState} from './screen-stack.js';
import {ServicesProvider, type AppServices} from '../ui/services.js';
import {createStore, useStore} from '../ui/store.js';
import {useTerminalSize} from '../ui/use-terminal-size.js';
import {MIN_COLUMNS, MIN_ROWS} from '../ui/layout.js';
import {ScreenView, screenEntry, toScreen} from './registry.js';

export interface AppProps {
	services: AppServices;
	initial?: StackState;
	/** Called once when the app quits (before Ink exits). */
	onQuit?: () => void;
}

export function App({services, initial = initialStack, onQuit}: AppProps) {
	const [state, dispatch] = useReducer(stackReducer, initial);
	const [helpOpen, setHelpOpen] = useState(false);
	const registered = useRef<ScreenInput | undefined>(undefined);
	const {exit} = useApp();
	const size = useTerminalSize();
	const lastError = useStore(services.lastError);
	const [keysStore] = useState(() => createStore<ScreenKeys>({mode: 'navigate', keys: []}));
	const screenKeys = useStore(keysStore);
	const top = topScreen(state);

	useEffect(() => {
		if (!state.quit) return;
		onQuit?.();
		exit();
	}, [state.quit, exit, onQuit]);

	// Every key and paste, one at a time against the latest render (ui/keys/keypress-layer.tsx).
	const onKeyEvent = (event: KeyEvent) => {
		const screen = registered.current;
		if (event.type === 'paste') {
			if (!helpOpen) screen?.onPaste?.(event.text);
			return;
		}
		const {input, key} = event;
		if (key.ctrl && input === 'c') {
			// The first Ctrl+C while a money POST is out interrupts it (its screen says the outcome is unknown); the
			// next one quits.
			if (services.money?.interrupt('Ctrl+C')) return;
			dispatch({type: 'quit'});
			return;
		}
		if (helpOpen) {
			if (key.escape || input === '?' || input === 'q' || key.return) setHelpOpen(false);
			return;
		}
		if (key.escape) {
			if (!screen?.onBack?.()) dispatch({type: 'back'});
			return;
		}
		// Any key but a second Esc answers "Quit?" with "stay"; the key itself does nothing else.
		if (state.quitAsked) {
			dispatch({type: 'stay'});
			return;
		}
		const navigating = screen?.mode === 'navigate';
		if (input === '?' && navigating) {
			setHelpOpen(true);
			return;
		}
		if (input === 'q' && !key.ctrl && !key.meta && navigating) {
			dispatch({type: 'quit'});
			return;
		}
		screen?.onKey?.(input, key);
	};

	// Effects run children first, parent last: once this one has run, raw mode is on and every key listener is
	// attached. The footer appears only then, so "keys are shown" means "keys work" (tests wait for it too).
	const [inputReady, setInputReady] = useState(false);
	useEffect(() => setInputReady(true), []);

	const navigation = useMemo<Navigation>(
		() => ({
			push: (route) => dispatch({type: 'push', screen: toScreen(route)}),
			replace: (route) => dispatch({type: 'replace', screen: toScreen(route)}),
			back: () => dispatch({type: 'back'}),
			home: () => dispatch({type: 'home'}),
			quit: () => dispatch({type: 'quit'}),
		}),
		[],
	);

	const tooSmall = size.columns < MIN_COLUMNS || size.rows < MIN_ROWS;
	return (
		<ServicesProvider services={services}>
			<NavigationProvider navigation={navigation}>
				<InputRouterProvider current={registered} keysStore={keysStore} screenActive={!helpOpen}>
					<Box flexDirection="column" width={size.columns} height={size.rows - 1}>
						<StatusLine connectedTo={services.connectedTo} lastError={lastError} theme={services.theme} width={size.columns} />
						{tooSmall ? (
							<Text wrap="wrap" color={services.theme.warn}>
								Terminal is {size.columns}x{size.rows}; loan-tui needs at least {MIN_COLUMNS}x{MIN_ROWS}.
							</Text>
						) : null}
						{helpOpen ? <HelpOverlay title={screenEntry(top).title} about={screenEntry(top).help} keys={screenKeys.keys} accent={services.theme.accent} /> : null}
						<Box flexDirection="column" flexGrow={1} display={helpOpen ? 'none' : 'flex'} overflowY="hidden">
							<ScreenErrorBoundary resetKey={`${state.stack.length}:${top.name}`} color={services.theme.bad}>
								{/* Natural height: a screen taller than the terminal is clipped at the bottom, never squeezed into
								    overlapping lines. */}
								<Box flexDirection="column" flexShrink={0}>
									<ScreenView key={`${state.stack.length}:${top.name}`} screen={top} />
								</Box>
							</ScreenErrorBoundary>
						</Box>
						<KeypressLayer onEvent={onKeyEvent} />
						{inputReady ? (
							<Footer keys={helpOpen ? [] : screenKeys.keys} mode={screenKeys.mode} width={size.columns} home={state.stack.length <= 1} quitAsked={state.quitAsked} />
						) : (
							<Text> </Text>
						)}
					</Box>
				</InputRouterProvider>
			</NavigationProvider>
		</ServicesProvider>
	);
}
