// The shell: status line, the top screen in its error boundary, footer, help overlay, and the one key router.
import React, {useCallback, useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {Box, Text, useApp} from 'ink';
import {HelpOverlay, helpLayout, helpRowsWithGlobals, helpWindow} from './components/help-overlay.js';
import {Footer} from './components/footer.js';
import {StatusLine} from './components/status-line.js';
import {ScreenErrorBoundary} from './components/error-boundary.js';
import {InputRouterProvider, type RegisteredScreen, type ScreenKeys} from '../ui/keys/screen-input.js';
import {dispatchKey, footerKeys, type Binding} from '../ui/keys/binding.js';
import {shellBindings} from '../ui/keys/shared-bindings.js';
import {KeypressLayer} from '../ui/keys/keypress-layer.js';
import type {KeyEvent} from '../ui/keys/key-reader.js';
import type {KeyHold} from '../ui/keys/key-queue.js';
import {type Navigation, NavigationProvider} from '../ui/navigation.js';
import {initialStack, stackReducer, topScreen, type StackState} from './screen-stack.js';
import {ServicesProvider, type AppServices, type ShellServices} from '../ui/services.js';
import {createStore, type Store} from '../services/store.js';
import {useStore} from '../ui/use-store.js';
import {useTerminalSize} from '../ui/use-terminal-size.js';
import {MIN_COLUMNS, MIN_ROWS, useBodySize} from '../ui/layout.js';
import {ScreenView, screenEntry, toScreen} from './registry.js';
import {loadView, viewLoaded} from './lazy-view.js';

/** The shell's services now, the rest when made: the first frame (the home menu) waits for no client. */
interface LateServices {
	shell: ShellServices;
	/** Made after the first frame (run.tsx); a rejection is the caller's to report. */
	ready: Promise<AppServices>;
}

export interface AppProps {
	services: AppServices | LateServices;
	initial?: StackState;
	/** Called once when the app quits (before Ink exits). */
	onQuit?: () => void;
	/** Called once the frame with working keys (the footer) has been committed. */
	onReady?: () => void;
	/** The terminal is in raw mode already (run.tsx): a key typed before the listeners attach waits in the terminal,
	 * unechoed, so the footer (keys work) can be on the first frame. */
	keysLive?: boolean;
	/** Where the top screen's keys are published (the footer and help read it); tests pass their own to read it. */
	keysStore?: Store<ScreenKeys>;
}

export function App({services: given, initial = initialStack, onQuit, onReady, keysLive = false, keysStore: givenKeys}: AppProps) {
	const late = 'ready' in given ? given : undefined;
	const shell = late ? late.shell : (given as AppServices);
	const [services, setServices] = useState<AppServices | undefined>(late ? undefined : (given as AppServices));
	useEffect(() => {
		if (!late) return;
		let live = true;
		late.ready.then(
			(made) => live && setServices(made),
			() => undefined,
		);
		return () => {
			live = false;
		};
	}, [late]);
	const [state, dispatch] = useReducer(stackReducer, initial);
	const [help, setHelp] = useState({open: false, offset: 0});
	const helpOpen = help.open;
	const registered = useRef<RegisteredScreen | undefined>(undefined);
	const {exit} = useApp();
	const size = useTerminalSize();
	const body = useBodySize();
	const lastError = useStore(shell.lastError);
	const [keysStore] = useState(() => givenKeys ?? createStore<ScreenKeys>({mode: 'navigate', loading: false, help: [], footer: [], bindings: []}));
	const screenKeys = useStore(keysStore);
	const top = topScreen(state);

	// A screen shows once its view is loaded and (all but home) the services are made; until then keys wait.
	const view = screenEntry(top).view;
	const [, viewArrived] = useReducer((count: number) => count + 1, 0);
	const [viewFailure, setViewFailure] = useState<{view: unknown; error: unknown}>();
	const isViewLoaded = viewLoaded(view);
	useEffect(() => {
		if (isViewLoaded) return;
		let live = true;
		loadView(view).then(
			() => live && viewArrived(),
			(error: unknown) => live && setViewFailure({view, error}),
		);
		return () => {
			live = false;
		};
	}, [view, isViewLoaded]);
	const screenReady = isViewLoaded && (services !== undefined || top.name === 'home');

	useEffect(() => {
		if (!state.quit) return;
		onQuit?.();
		exit();
	}, [state.quit, exit, onQuit]);

	// Quitting closes the money guard at once, before the quit renders: a POST confirmed a moment ago whose request
	// has not started yet can then no longer start (its screen records "not sent").
	const money = useRef(services?.money);
	money.current = services?.money;
	const quit = useCallback(() => {
		money.current?.close();
		dispatch({type: 'quit'});
	}, []);

	// The help overlay's rows and its own keys: scroll, close.
	const helpAbout = screenEntry(top).help;
	const helpRows = helpRowsWithGlobals(screenKeys.help);
	// Laid out as the rows it takes at this width (long words wrap, never cut), only while it shows; it scrolls by those rows.
	const helpLines = helpOpen ? helpLayout(helpAbout, helpRows, size.columns) : NO_HELP;
	const {visible: helpVisible, maxOffset: helpMax} = helpWindow(helpLines.lines.length, body.rows, helpLines.about.length);
	const scrollHelp = (by: number) => setHelp((now) => ({open: now.open, offset: Math.min(Math.max(0, now.offset + by), helpMax)}));
	const closeHelp = () => setHelp({open: false, offset: 0});
	const helpKeys: Binding[] = [
		{keys: ['Up', 'k'], description: 'scroll up', group: 'scroll', footer: 2, handler: () => scrollHelp(-1), when: helpMax > 0},
		{keys: ['Down', 'j'], description: 'scroll down', group: 'scroll', footer: 2, handler: () => scrollHelp(1), when: helpMax > 0},
		{keys: ['PgUp'], description: 'a page up', handler: () => scrollHelp(-helpVisible), when: helpMax > 0},
		{keys: ['PgDn', 'Space'], description: 'a page down', handler: () => scrollHelp(helpVisible), when: helpMax > 0},
		{keys: ['Home'], description: 'top', handler: () => scrollHelp(-helpLines.lines.length), when: helpMax > 0},
		{keys: ['End'], description: 'bottom', handler: () => scrollHelp(helpLines.lines.length), when: helpMax > 0},
		{keys: ['Esc', '?', 'q', 'Enter'], label: 'Esc/?', description: 'close the help', short: 'close help', footer: 1, handler: closeHelp},
	];
	// The shell's keys (ui/keys/shared-bindings.ts): Esc and Ctrl+C are taken first (below), q and ? only while no
	// text field has focus.
	const shellKeys = shellBindings({
		back: () => (registered.current?.onBack() ? undefined : dispatch({type: 'back'})),
		quit: () => quit(),
		help: () => setHelp({open: true, offset: 0}),
	});

	// Keys wait while the top screen cannot take them: its code or the services are on their way, or it is loading
	// (ui/keys/key-queue.ts). Read through refs, so the key after one that opened a screen sees that screen.
	const ready = useRef(screenReady);
	ready.current = screenReady;
	const holdKeys = useCallback((): KeyHold => (!ready.current ? 'starting' : registered.current?.loading ? 'loading' : 'none'), []);

	// The read of the terminal whose Esc asked "Quit?" on home: another Esc of that same read was typed before the
	// question could be seen (seven Escs in one write from three screens deep), so it does not answer it.
	const quitAskedBy = useRef<number | undefined>(undefined);

	// Every key and paste, one at a time against the latest render (ui/keys/keypress-layer.tsx).
	const onKeyEvent = (event: KeyEvent, read: number) => {
		const screen = registered.current;
		if (event.type === 'paste') {
			if (!helpOpen) screen?.onPaste(event.text);
			return;
		}
		const {input, key} = event;
		if (key.ctrl && input === 'c') {
			// The first Ctrl+C while a money POST is out interrupts it (its screen says the outcome is unknown); the
			// next one quits.
			if (services?.money?.interrupt('Ctrl+C')) return;
			quit();
			return;
		}
		if (helpOpen) {
			dispatchKey(helpKeys, input, key);
			return;
		}
		// Any key but a second Esc answers "Quit?" with "stay", and then does what it does on home (4 opens Loans): the
		// person who meant to stay is not made to type it twice.
		if (state.quitAsked && !key.escape) dispatch({type: 'stay'});
		if (key.escape && state.quitAsked && read === quitAskedBy.current) return;
		if (key.escape && !state.quitAsked && state.stack.length <= 1) quitAskedBy.current = read;
		if (key.escape || screen?.mode === 'navigate') {
			if (dispatchKey(shellKeys, input, key)) return;
		}
		screen?.onKey(input, key);
	};

	// Effects run children first, parent last: once this one has run, raw mode is on and every key listener is
	// attached. The footer appears only then, so "keys are shown" means "keys work" (tests wait for it too), unless
	// keys already work because the terminal is raw before the first frame.
	const [inputReady, setInputReady] = useState(keysLive);
	useEffect(() => setInputReady(true), []);
	useEffect(() => {
		if (inputReady) onReady?.();
	}, [inputReady]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when keys first work

	const navigation = useMemo<Navigation>(
		() => ({
			push: (route) => dispatch({type: 'push', screen: toScreen(route)}),
			replace: (route) => dispatch({type: 'replace', screen: toScreen(route)}),
			back: () => dispatch({type: 'back'}),
			home: () => dispatch({type: 'home'}),
			quit,
		}),
		[quit],
	);

	const tooSmall = size.columns < MIN_COLUMNS || size.rows < MIN_ROWS;
	return (
		<ServicesProvider shell={shell} services={services}>
			<NavigationProvider navigation={navigation}>
				<InputRouterProvider current={registered} keysStore={keysStore} screenActive={!helpOpen}>
					<Box flexDirection="column" width={size.columns} height={size.rows - 1}>
						<StatusLine connectedTo={shell.connectedTo} lastError={lastError} theme={shell.theme} width={size.columns} />
						{tooSmall ? (
							<Text wrap="wrap" color={shell.theme.warn}>
								Terminal is {size.columns}x{size.rows}; loan-tui needs at least {MIN_COLUMNS}x{MIN_ROWS}.
							</Text>
						) : null}
						{helpOpen ? (
							<HelpOverlay title={screenEntry(top).title} layout={helpLines} offset={help.offset} bodyRows={body.rows} accent={shell.theme.accent} />
						) : null}
						<Box flexDirection="column" flexGrow={1} display={helpOpen ? 'none' : 'flex'} overflowY="hidden">
							<ScreenErrorBoundary resetKey={`${state.stack.length}:${top.name}`} color={shell.theme.bad}>
								{/* Natural height: a screen taller than the terminal is clipped at the bottom, never squeezed into
								    overlapping lines. */}
								<Box flexDirection="column" flexShrink={0}>
									{screenReady ? (
										<ScreenView key={`${state.stack.length}:${top.name}`} screen={top} />
									) : viewFailure?.view === view ? (
										<Rethrow error={viewFailure.error} />
									) : null}
								</Box>
							</ScreenErrorBoundary>
						</Box>
						<KeypressLayer onEvent={onKeyEvent} hold={holdKeys} />
						{inputReady ? (
							<Footer keys={helpOpen ? footerKeys(helpKeys) : screenKeys.footer} mode={helpOpen ? 'busy' : screenKeys.mode} width={size.columns} home={state.stack.length <= 1} quitAsked={state.quitAsked} />
						) : (
							<Text> </Text>
						)}
					</Box>
				</InputRouterProvider>
			</NavigationProvider>
		</ServicesProvider>
	);
}

const NO_HELP = {about: [], lines: []};

/** A screen whose code could not be loaded: shown by the screen's error boundary like any failing screen. */
function Rethrow({error}: {error: unknown}): null {
	throw error;
}
