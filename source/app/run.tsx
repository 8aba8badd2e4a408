// The interactive app's entry: loaded only when `loan-tui` runs without a subcommand on a terminal.
import React from 'react';
import {render} from 'ink';
import {EXIT, type ExitCode} from '../cli/exit-codes.js';
import type {Output} from '../cli/output.js';
import {openSession} from '../cli/session.js';
import type {Settings} from '../cli/settings.js';
import {App} from './App.js';
import {createAppServices} from './create-services.js';
import {enterAlternateScreen} from './terminal.js';
import {openKeychain} from '../credentials/keychain.js';

export async function runApp(settings: Settings, out: Output, env: NodeJS.ProcessEnv): Promise<ExitCode> {
	// A --debug log would tear the screen: keep it only when stderr is redirected away from the terminal.
	const debug = settings.debug && !process.stderr.isTTY;
	const session = await openSession({...settings, debug}, out, env);
	const services = await createAppServices(session, {env, profile: settings.profile, demo: settings.demo, openStore: () => openKeychain()});
	const restoreScreen = enterAlternateScreen(process.stdout);
	const instance = render(<App services={services} />, {exitOnCtrlC: false, patchConsole: true});
	const stop = () => instance.unmount();
	const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];
	for (const signal of signals) process.once(signal, stop);
	try {
		await instance.waitUntilExit();
		return EXIT.ok;
	} finally {
		for (const signal of signals) process.off(signal, stop);
		instance.cleanup();
		restoreScreen();
		await session.close();
	}
}
