// What every screen shares, provided once through React context: the one API client, where it is connected,
// the theme, the shared symbol list, the status line and credentials. The shell's part (where, theme, status
// line) exists from the first frame; the rest (client, symbols, credentials) is made just after it.
import React, {createContext, useContext, type ReactNode} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {EarlyReads} from '../api/early-reads.js';
import type {CredentialsAccess} from '../services/credentials-access.js';
import type {InputMemory} from '../services/input-memory.js';
import type {LastError} from '../services/last-error.js';
import type {SymbolStore} from '../services/symbol-store.js';
import type {Theme} from './theme.js';
import type {MoneyGuard} from '../operations/money-guard.js';
import type {MoneyJournal} from '../state/money-journal.js';
import type {Clipboard} from '../services/clipboard.js';
import type {CoinInfoStore} from '../services/coin-info-store.js';
import type {PriceHistoryReader} from '../operations/price-history.js';
import type {ExportPlaces} from '../operations/history-export.js';

/** What the shell and the home menu draw with: known before any client exists. */
export interface ShellServices {
	/** "demo" or the API host. */
	connectedTo: string;
	theme: Theme;
	/** The last error, for the status line; undefined when there is none. */
	lastError: LastError;
	/** A screen's first read, asked for before the client exists (none under --demo, whose simulator starts with it). */
	earlyReads?: EarlyReads;
}

export interface AppServices extends ShellServices {
	client: BitgetClient;
	symbols: SymbolStore;
	credentials: CredentialsAccess;
	/** Estimate and Borrow inputs: kept for the session, the last checked ones across runs; the Symbols filter for the session. */
	inputs: InputMemory;
	/** Money POSTs of this run: Ctrl+C and signals interrupt them, quitting stops their checks (operations/money-guard.ts). */
	money?: MoneyGuard;
	/** The money record: the pipeline writes it, the Loans screen's "sent from here" reads it (none in demo mode and
	 * in most tests). */
	journal?: MoneyJournal;
	/** Copy to the terminal's clipboard (OSC 52), where the terminal may support it. */
	clipboard?: Clipboard;
	/** Each pair's price history (candles), read once an hour: a loan's chance of a margin call and its chart. */
	priceHistory: PriceHistoryReader;
	/** Loanable and pledgeable coins with rates and limits (coinInfos), loaded on first use. */
	coinInfos?: CoinInfoStore;
	/** Remembers for shell completion what the screens read: the open order ids of the Loans list. */
	completion?: {orderIds(orderIds: readonly string[]): Promise<void>};
	/** How long to read the loans again after an unknown outcome (LOAN_TUI_RECONCILE_SECONDS). */
	reconcileMs: number;
	/** Bitget's public ticker stream for this API origin (runtime/config.ts), for live prices; none: they are polled. */
	priceStream?: string;
	/** Writes a line to the --debug log (only when stderr is not the terminal); none without --debug. */
	debug?: (line: string) => void;
	/** Where History's `e` writes its CSV: the working directory, else home; none in tests that do not ask (it then says
	 * it cannot write). */
	exportPlaces?: ExportPlaces;
	/** Rings the terminal bell (a loan's risk worsened); none where nothing writes to the terminal (tests). */
	bell?: () => void;
}

const ShellContext = createContext<ShellServices | undefined>(undefined);
const ServicesContext = createContext<AppServices | undefined>(undefined);

/** Provides the shell's services always (`shell`, or those of `services`), and every service once `services` is there. */
export function ServicesProvider({shell, services, children}: {shell?: ShellServices; services: AppServices | undefined; children: ReactNode}) {
	return (
		<ShellContext.Provider value={shell ?? services}>
			<ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
		</ShellContext.Provider>
	);
}

export function useServices(): AppServices {
	const services = useContext(ServicesContext);
	if (!services) throw new Error('useServices outside ServicesProvider (or before the services were made)');
	return services;
}

/** The shell's part only: usable on the first frame, before the client exists. */
export function useShell(): ShellServices {
	const shell = useContext(ShellContext);
	if (!shell) throw new Error('useShell outside ServicesProvider');
	return shell;
}
