// One run's client: real by default, or the embedded simulator with demo credentials under --demo.
import {BitgetClient} from '../api/client.js';
import type {EarlyReads} from '../api/early-reads.js';
import {KeychainUnavailableError} from '../credentials/keychain-errors.js';
import {openKeychain} from '../credentials/keychain.js';
import {resolveCredentials} from '../credentials/resolve.js';
import {CredentialsError, DEFAULT_PROFILE, type CredentialStore, type ResolvedCredentials} from '../credentials/types.js';
import {sanitize} from '../format/sanitize.js';
import type {CoinInfos} from '../api/loan-types.js';
import {accountModesAt} from '../state/account-modes.js';
import {hasCachedCoins, saveCoins, saveOrderIds, savePairs, sourceName} from '../state/completion-cache.js';
import {USER_AGENT} from '../api/public-headers.js';
import {connectedTo, tickerStreamUrl, type Config} from './config.js';
import type {Output} from './output.js';

export interface Session {
	client: BitgetClient;
	config: Config;
	out: Output;
	/** "demo" or the API host, for status lines. */
	connectedTo: string;
	/** The public ticker stream for the live prices (operations/price-feed.ts), or undefined: poll the REST tickers. */
	tickerStreamUrl: string | undefined;
	/** Writes a line to the --debug log; undefined without --debug. */
	debug?: (line: string) => void;
	/** Credentials for a signed request: demo ones, the environment, or the OS keychain. */
	requireCredentials(): Promise<ResolvedCredentials>;
	/** The OS keychain, opened now (@napi-rs/keyring loads only here). */
	openKeychain(): Promise<CredentialStore>;
	/** Remembers for shell completion what this run read (state/completion-cache.ts; the demo apart, order ids per
	 * profile). Never throws, never a secret. */
	remember: {coins(infos: CoinInfos): Promise<void>; pairs(symbols: readonly string[]): Promise<void>; orderIds(orderIds: readonly string[]): Promise<void>};
	close(): Promise<void>;
}

export interface SessionOptions {
	/** Where what the keychain did on its own is said (an old keytar item moved); default a line on stderr. The app
	 * keeps these lines until the terminal is restored, so they do not tear its screen. */
	keychainNotice?: (line: string) => void;
	/** Reads a screen asked for before the session existed (the app's, api/early-reads.ts): the client takes them. */
	early?: EarlyReads;
}

export async function openSession(config: Config, out: Output, options: SessionOptions = {}): Promise<Session> {
	// The request log carries server text (error messages): sanitised like every other line a terminal may show.
	const debug = config.debug ? (line: string) => out.stderr.write(`debug: ${sanitize(line)}\n`) : undefined;
	let baseUrl = config.baseUrl;
	let closeSimulator: (() => Promise<void>) | undefined;
	let demoCredentials: ResolvedCredentials | undefined;
	if (config.demo) {
		// Loaded only here: the simulator costs nothing on any other path.
		const {startSimulator, DEMO_CREDENTIALS} = await import('../simulator/index.js');
		// Two loans open, one simulated hour of interest per real minute, and prices drifting a step every 3 s (within
		// ±0.4 %: simulator/price-drift.ts), so the Loans view and the live prices have something to show; the stream
		// pushes at Bitget's cadence (every pair every 100–300 ms), so the demo is as busy as the real thing.
		const simulator = await startSimulator({
			demoLoans: true,
			accountMode: config.demoAccount,
			hourEveryMs: 60_000,
			priceDriftEveryMs: 3_000,
			streamCadence: {minMs: 100, maxMs: 300},
		});
		baseUrl = simulator.url;
		closeSimulator = () => simulator.close();
		demoCredentials = {credentials: DEMO_CREDENTIALS, source: 'demo', profile: config.profile};
	}
	// What the keychain did on its own (credentials saved through keytar moved to the current item) is said.
	const onNotice = options.keychainNotice ?? ((line: string) => void out.stderr.write(`loan-tui: ${line}\n`));
	const keychain = () => openKeychain({sessionBus: config.sessionBus, onNotice});
	// Environment credentials are free to read, so a lookup is signed when they exist; the keychain waits until needed.
	const known = demoCredentials ?? (await resolveCredentials({environment: config.credentials, profile: config.profile}));
	const client: BitgetClient = new BitgetClient({
		baseUrl,
		locale: config.locale,
		credentials: known?.credentials,
		getTimeoutMs: config.getTimeoutMs,
		debug,
		userAgent: USER_AGENT,
		allowInsecureHttp: config.allowInsecureHttp,
		...(options.early ? {early: options.early} : {}),
		// The demo's simulator lives as long as the run: its mode is asked again each time.
		...(config.demo ? {} : {familyMemory: {recall: (key) => modes().recall(key), remember: (key, family) => modes().remember(key, family)}}),
	});
	const modes = (): ReturnType<typeof accountModesAt> => accountModesAt(config.directories.cache, client.origin);
	const cache = config.directories.cache;
	const source = sourceName(client.origin, config.demo);
	const remember: Session['remember'] = {
		coins: (infos) => saveCoins(cache, source, {loan: infos.loanInfos.map((info) => info.coin), pledge: infos.pledgeInfos.map((info) => info.coin)}),
		pairs: (symbols) => savePairs(cache, source, symbols),
		orderIds: (orderIds) => saveOrderIds(cache, source, config.profile, orderIds),
	};
	// The simulator is local: a demo run fills the demo's completions (coins and pairs) once, so Tab has something to
	// offer after the first try of the demo. A failure costs nothing but the completions.
	if (config.demo && !hasCachedCoins(cache, source)) {
		await Promise.all([client.coinInfos(), client.symbolList()])
			.then(([infos, pairs]) =>
				saveCoins(cache, source, {
					loan: infos.loanInfos.map((info) => info.coin),
					pledge: infos.pledgeInfos.map((info) => info.coin),
					pairs: pairs.records.map((record) => record.symbol),
				}),
			)
			.catch(() => undefined);
	}
	return {
		client,
		config,
		out,
		connectedTo: connectedTo(config),
		tickerStreamUrl: tickerStreamUrl(baseUrl),
		debug,
		remember,
		async requireCredentials() {
			// The keychain is opened (and @napi-rs/keyring loaded) only here, when a signed request actually needs credentials.
			let resolved: ResolvedCredentials | undefined;
			try {
				resolved = known ?? (await resolveCredentials({environment: config.credentials, profile: config.profile, openStore: keychain}));
			} catch (error) {
				// Say both halves: nothing in the environment, and why the keychain could not be asked.
				if (error instanceof KeychainUnavailableError) {
					throw new CredentialsError(`no credentials for profile "${config.profile}": none in the environment, and ${error.message}`, error.hint);
				}
				throw error;
			}
			if (!resolved) {
				const profileFlag = config.profile === DEFAULT_PROFILE ? '' : ` --profile ${config.profile}`;
				throw new CredentialsError(
					`no credentials for profile "${config.profile}": none in the environment and none in the OS keychain`,
					`Run loan-tui login${profileFlag} to store them in the OS keychain, or set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE.`,
				);
			}
			client.setCredentials(resolved.credentials);
			return resolved;
		},
		openKeychain: keychain,
		async close() {
			await client.close();
			await closeSimulator?.();
		},
	};
}
