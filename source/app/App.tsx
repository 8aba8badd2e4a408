// The shell: status line, the top screen in its error boundary, footer, help overlay, and the one key router.
// Its state and actions are use-app-shell.ts's, its keys shell-keys.ts's; this file only draws them.
import React from 'react';
import {Box, Text} from 'ink';
import {HelpOverlay} from './components/help-overlay.js';
import {Footer} from './components/footer.js';
import {StatusLine} from './components/status-line.js';
import {ScreenErrorBoundary} from './components/error-boundary.js';
import {InputRouterProvider} from '../ui/keys/screen-input.js';
import {KeypressLayer} from '../ui/keys/keypress-layer.js';
import {NavigationProvider} from '../ui/navigation.js';
import {ServicesProvider} from '../ui/services.js';
import {MIN_COLUMNS, MIN_ROWS} from '../ui/layout.js';
import {ScreenView, screenEntry} from './registry.js';
import {useAppShell, type AppProps, type AppShellState} from './use-app-shell.js';

export function App(props: AppProps) {
	const {state, actions, router} = useAppShell(props);
	const {shell, size, help, stack} = state;
	return (
		<ServicesProvider shell={shell} services={state.services}>
			<NavigationProvider navigation={actions.navigation}>
				<InputRouterProvider current={router.current} keysStore={router.keysStore} screenActive={!help.open}>
					<Box flexDirection="column" width={size.columns} height={size.rows - 1}>
						<StatusLine connectedTo={shell.connectedTo} lastError={state.lastError} theme={shell.theme} width={size.columns} />
						{size.columns < MIN_COLUMNS || size.rows < MIN_ROWS ? (
							<Text wrap="wrap" color={shell.theme.warn}>
								Terminal is {size.columns}x{size.rows}; loan-tui needs at least {MIN_COLUMNS}x{MIN_ROWS}.
							</Text>
						) : null}
						{help.open ? (
							<HelpOverlay
								title={screenEntry(state.top).title}
								layout={help.layout}
								offset={help.offset}
								bodyRows={state.bodyRows}
								accent={shell.theme.accent}
							/>
						) : null}
						<Box flexDirection="column" flexGrow={1} display={help.open ? 'none' : 'flex'} overflowY="hidden">
							<TopScreen state={state} />
						</Box>
						<KeypressLayer onEvent={actions.onKeyEvent} hold={actions.holdKeys} />
						{state.inputReady ? (
							<Footer keys={state.footer.keys} mode={state.footer.mode} width={size.columns} home={stack.stack.length <= 1} quitAsked={stack.quitAsked} />
						) : (
							<Text> </Text>
						)}
					</Box>
				</InputRouterProvider>
			</NavigationProvider>
		</ServicesProvider>
	);
}

/** The top screen in its error boundary, once its code and services are there. */
function TopScreen({state}: {state: AppShellState}) {
	const {stack, top, code, shell} = state;
	return (
		<ScreenErrorBoundary resetKey={`${stack.stack.length}:${top.name}`} color={shell.theme.bad}>
			{/* Natural height: a screen taller than the terminal is clipped at the bottom, never squeezed into
			    overlapping lines. */}
			<Box flexDirection="column" flexShrink={0}>
				{state.screenReady ? (
					<ScreenView key={`${stack.stack.length}:${top.name}`} screen={top} />
				) : code.failure ? (
					<Rethrow error={code.failure.error} />
				) : null}
			</Box>
		</ScreenErrorBoundary>
	);
}

/** A screen whose code could not be loaded: shown by the screen's error boundary like any failing screen. */
function Rethrow({error}: {error: unknown}): null {
	throw error;
}
