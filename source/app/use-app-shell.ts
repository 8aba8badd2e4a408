// The shell's state and actions: the services, the stack of screens, the top screen's code and keys, the help
// overlay, and the key router (shell-keys.ts) that every key and paste goes through. App.tsx only draws them.
import {useRef, useState, type MutableRefObject} from 'react';
import {footerKeys, type KeyHelp} from '../ui/keys/binding.js';
import type {InputMode, RegisteredScreen, ScreenKeys} from '../ui/keys/screen-input.js';
import type {KeyEvent} from '../ui/keys/key-reader.js';
import type {KeyHold} from '../ui/keys/key-queue.js';
import type {Navigation} from '../ui/navigation.js';
import type {AppServices, ShellServices} from '../ui/services.js';
import {createStore, type Store} from '../services/store.js';
import {useStore} from '../ui/use-store.js';
import {useTerminalSize} from '../ui/use-terminal-size.js';
import {useBodySize} from '../ui/layout.js';
import {initialStack, topScreen, type Screen, type StackState} from './screen-stack.js';
import {screenEntry} from './registry.js';
import {routeKey, shellKeys, type ShellKeyActions, type ShellKeyState} from './shell-keys.js';
import {useLateServices, type LateServices} from './use-late-services.js';
import {useScreenStack} from './use-screen-stack.js';
import {useScreenCode, type ScreenCode} from './use-screen-code.js';
import {useHelpOverlay, type HelpOverlayState} from './use-help-overlay.js';
import {useInputReady} from './use-input-ready.js';
import {useIdlePreload} from './use-idle-preload.js';
import {useEarlyRead} from './use-early-read.js';

export interface AppProps {
	services: AppServices | LateServices;
	initial?: StackState;
	/** Called once when the app quits (before Ink exits). */
	onQuit?: () => void;
	/** The terminal is in raw mode already (run.tsx): a key typed before the listeners attach waits in the terminal,
	 * unechoed, so the footer (keys work) can be on the first frame. */
	keysLive?: boolean;
	/** Where the top screen's keys are published (the footer and help read it); tests pass their own to read it. */
	keysStore?: Store<ScreenKeys>;
}

export interface AppShellState {
	shell: ShellServices;
	services: AppServices | undefined;
	stack: StackState;
	top: Screen;
	/** The top screen can render: its code is loaded and (all but home) the services are made. */
	screenReady: boolean;
	code: ScreenCode;
	help: HelpOverlayState;
	/** The status line's error, if any. */
	lastError: string | undefined;
	size: {columns: number; rows: number};
	bodyRows: number;
	/** Keys work: the footer shows. */
	inputReady: boolean;
	footer: {keys: KeyHelp[]; mode: InputMode};
}

export interface AppShellActions {
	navigation: Navigation;
	onKeyEvent(event: KeyEvent, read: number): void;
	holdKeys(): KeyHold;
}

/** Where the top screen registers its keys (ui/keys/screen-input.tsx) and publishes them for the footer and help. */
export interface AppShellRouter {
	current: MutableRefObject<RegisteredScreen | undefined>;
	keysStore: Store<ScreenKeys>;
}

export function useAppShell(props: AppProps): {state: AppShellState; actions: AppShellActions; router: AppShellRouter} {
	const {services: given, initial = initialStack, onQuit, keysLive = false, keysStore: givenKeys} = props;
	const {shell, services, late} = useLateServices(given);
	const {stack, dispatch, quit, navigation} = useScreenStack(initial, services, onQuit);
	const registered = useRef<RegisteredScreen | undefined>(undefined);
	const size = useTerminalSize();
	const body = useBodySize();
	const lastError = useStore(shell.lastError);
	const [keysStore] = useState(() => givenKeys ?? createStore<ScreenKeys>({mode: 'navigate', loading: false, help: [], footer: [], bindings: []}));
	const screenKeys = useStore(keysStore);
	const top = topScreen(stack);
	const code = useScreenCode(screenEntry(top).view);
	// Until the top screen is ready its keys wait (holdKeys).
	const screenReady = code.loaded && (services !== undefined || top.name === 'home');
	const help = useHelpOverlay(screenEntry(top).help, screenKeys.help, size.columns, body.rows);
	const inputReady = useInputReady(keysLive);
	// The read of the terminal whose Esc asked "Quit?" on home (shell-keys.ts routeKey).
	const quitAskedBy = useRef<number | undefined>(undefined);
	const lastKeyAt = useRef<number | undefined>(undefined);
	useIdlePreload(services, late, lastKeyAt);
	useEarlyRead(top, services, shell);

	const keyActions: ShellKeyActions = {
		back: () => dispatch({type: 'back'}),
		quit,
		...help.actions,
		interruptMoney: () => services?.money?.interrupt('Ctrl+C') ?? false,
		stay: () => dispatch({type: 'stay'}),
		askedQuitIn: (read) => {
			quitAskedBy.current = read;
		},
	};
	// Read when a key comes: the top screen registers itself after this render (its effect).
	const keyState = (): ShellKeyState => ({
		helpOpen: help.state.open,
		help: help.state.scroll,
		quitAsked: stack.quitAsked === true,
		home: stack.stack.length <= 1,
		quitAskedBy: quitAskedBy.current,
		screen: registered.current,
	});

	const footer = help.state.open
		? {keys: footerKeys(shellKeys(keyState(), keyActions)), mode: 'busy' as const}
		: {keys: screenKeys.footer, mode: screenKeys.mode};
	return {
		state: {shell, services, stack, top, screenReady, code, help: help.state, lastError, size, bodyRows: body.rows, inputReady, footer},
		actions: {
			navigation,
			onKeyEvent: (event, read) => {
				lastKeyAt.current = performance.now();
				routeKey(event, read, keyState(), keyActions);
			},
			// Keys wait while the top screen cannot take them: its code or the services are on their way, or it is
			// loading (ui/keys/key-queue.ts). Asked before every key, so the key after one that opened a screen sees it.
			holdKeys: () => (!screenReady ? 'starting' : registered.current?.loading ? 'loading' : 'none'),
		},
		router: {current: registered, keysStore},
	};
}
