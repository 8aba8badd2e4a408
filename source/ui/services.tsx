// What every screen shares, provided once through React context: the one API client, where it is connected,
// the theme, the shared symbol list, the status line and credentials.
import React, {createContext, useContext, type ReactNode} from 'react';
import type {BitgetClient} from '../api/client.js';
import type {CredentialsAccess} from './credentials-access.js';
import type {InputMemory} from './input-memory.js';
import type {LastError} from './last-error.js';
import type {SymbolStore} from './symbol-store.js';
import type {Theme} from './theme.js';
import type {MoneyGuard} from './money/money-guard.js';
import type {LocalHistory} from '../state/local-history.js';
import type {Clipboard} from './clipboard.js';
import type {CoinInfoStore} from './coin-info-store.js';

export interface AppServices {
	client: BitgetClient;
	/** "demo" or the API host. */
	connectedTo: string;
	theme: Theme;
	symbols: SymbolStore;
	/** The last error, for the status line; undefined when there is none. */
	lastError: LastError;
	credentials: CredentialsAccess;
	/** Estimate and Borrow inputs: kept for the session, the last checked ones across runs. */
	inputs: InputMemory;
	/** Money-moving POSTs in flight: Ctrl+C and signals interrupt them (ui/money/money-guard.ts). */
	money?: MoneyGuard;
	/** What this app sent that moves money, on disk (none in demo mode and in most tests). */
	localHistory?: LocalHistory;
	/** Copy to the terminal's clipboard (OSC 52), where the terminal may support it. */
	clipboard?: Clipboard;
	/** Loanable and pledgeable coins with rates and limits (coinInfos), loaded on first use. */
	coinInfos?: CoinInfoStore;
	/** How long to read the loans again after an unknown outcome (LOAN_TUI_RECONCILE_SECONDS). */
	reconcileMs: number;
}

const ServicesContext = createContext<AppServices | undefined>(undefined);

export function ServicesProvider({services, children}: {services: AppServices; children: ReactNode}) {
	return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
	const services = useContext(ServicesContext);
	if (!services) throw new Error('useServices outside ServicesProvider');
	return services;
}
