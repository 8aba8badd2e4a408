import {tickerStreamUrl, type Config} from '../runtime/config.js';
import type {Session} from '../runtime/session.js';
import type {CredentialStore} from '../credentials/types.js';
import {createCredentialsAccess} from '../services/credentials-access.js';
import {createShellServices} from './shell-services.js';
import type {AppServices, ShellServices} from '../ui/services.js';
import {createSymbolStore} from '../services/symbol-store.js';
import type {SymbolCache} from '../state/symbol-cache.js';
import {createInputMemory} from '../services/input-memory.js';
import type {RecentInputs, RecentInputsStore} from '../state/recent-inputs.js';
import {createMoneyGuard} from '../operations/money-guard.js';
import type {MoneyJournal} from '../state/money-journal.js';
import {terminalClipboard} from '../services/clipboard.js';
import {createCoinInfoStore} from '../services/coin-info-store.js';
import {priceHistoryReader} from '../operations/price-history.js';

/** What the services take from the run's configuration (runtime/config.ts). */
type ServiceConfig = Pick<Config, 'profile' | 'demo' | 'credentials' | 'noColor' | 'osc52' | 'reconcileMs'>;

export interface ServiceOptions {
	config: ServiceConfig;
	openStore?: () => Promise<CredentialStore>;
	/** The symbol list on disk; none in demo mode and in tests. */
	symbolCache?: SymbolCache;
	/** The last inputs of a previous run and where to keep this run's; without it they last for the session only. */
	recentInputs?: {loaded: RecentInputs; file: RecentInputsStore};
	/** The money record (none in demo mode: the simulator's orders are not yours). */
	journal?: MoneyJournal;
	/** Writes to the terminal, for the copy key (OSC 52); without it nothing can be copied. */
	writeToTerminal?: (data: string) => void;
	/** Where History's CSV file goes (the working directory, else home); none in tests that do not ask. */
	exportPlaces?: AppServices['exportPlaces'];
	/** Where each pair's price history is kept for an hour (the cache directory); none in demo mode and in tests. */
	priceHistoryCache?: string;
	/** Where shell completion's coins and order ids are kept (the session's); none in tests. */
	completion?: Session['remember'];
}

/** Everything the screens share, built once per run around the session's one client (on `shell` when given). */
export async function createAppServices(
	session: Pick<Session, 'client' | 'connectedTo' | 'requireCredentials' | 'debug'>,
	options: ServiceOptions,
	shell: ShellServices = createShellServices(session.connectedTo, options.config),
): Promise<AppServices> {
	const {config} = options;
	const fixed = config.demo ? await session.requireCredentials() : undefined;
	return {
		...shell,
		client: session.client,
		symbols: createSymbolStore(session.client, {cache: options.symbolCache}),
		inputs: createInputMemory(options.recentInputs?.loaded, options.recentInputs?.file),
		credentials: createCredentialsAccess({
			client: session.client,
			environment: config.credentials,
			profile: config.profile,
			fixed,
			openStore: config.demo ? undefined : options.openStore,
		}),
		priceHistory: priceHistoryReader(session.client, {cacheDirectory: options.priceHistoryCache}),
		coinInfos: createCoinInfoStore(session.client, options.completion?.coins),
		completion: options.completion,
		money: createMoneyGuard(),
		journal: options.journal,
		clipboard: options.writeToTerminal ? terminalClipboard(config.osc52, options.writeToTerminal) : undefined,
		reconcileMs: config.reconcileMs,
		priceStream: tickerStreamUrl(session.client.origin),
		exportPlaces: options.exportPlaces,
		...(session.debug ? {debug: session.debug} : {}),
		...(options.writeToTerminal ? {bell: () => options.writeToTerminal?.('\u0007')} : {}),
	};
}
