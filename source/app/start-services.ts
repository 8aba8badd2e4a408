// The part of start-up that waits until the home menu is on the screen (run.tsx): the session (client, undici,
// schemas, the simulator under --demo), the keychain and the symbol cache load and are made here, in their own chunk.
import type {Config} from '../runtime/config.js';
import type {Output} from '../runtime/output.js';
import {openSession, type Session} from '../runtime/session.js';
import type {AppServices, ShellServices} from '../ui/services.js';
import {fileSymbolCache} from '../state/symbol-cache.js';
import {moneyJournalAt} from '../state/money-journal.js';
import {fileRecentInputs, recentInputsFile} from '../state/recent-inputs.js';
import {createAppServices} from './create-services.js';

export async function startServices(
	config: Config,
	out: Output,
	shell: ShellServices,
	keychainNotice?: (line: string) => void,
): Promise<{session: Session; services: AppServices}> {
	const session = await openSession(config, out, {keychainNotice, early: shell.earlyReads});
	try {
		const recentFile = fileRecentInputs(recentInputsFile(config.directories.config));
		const services = await createAppServices(
			session,
			{
				config,
				openStore: () => session.openKeychain(),
				// The demo's simulator is local and new each run: nothing worth caching.
				symbolCache: config.demo ? undefined : fileSymbolCache(config.directories.cache, session.client.origin),
				recentInputs: {loaded: await recentFile.load(), file: recentFile},
				// The demo's orders live in a simulator that ends with the run: they do not belong in your history.
				journal: config.demo ? undefined : moneyJournalAt(config.directories.state),
				// The demo's origin changes with each run: its histories are kept in memory only.
				priceHistoryCache: config.demo ? undefined : config.directories.cache,
				writeToTerminal: (data) => void process.stdout.write(data),
				completion: session.remember,
				exportPlaces: {cwd: process.cwd(), home: config.directories.home},
			},
			shell,
		);
		return {session, services};
	} catch (error) {
		await session.close().catch(() => undefined);
		throw error;
	}
}
