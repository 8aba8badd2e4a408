// The app's one table of screens. Each entry gives a screen's id, title, home-menu entry (its shortcut is its
// number there), help line and view. The `Screen` route type, the titles, the view switch, the home menu and its
// "1-N" hint all come from here: adding a screen means one entry here plus the screen's own folder (and its route in
// source/screens/routes.ts when other screens open it or it takes parameters).
import React, {type ReactElement} from 'react';
import type {EarlyRead} from '../api/early-reads.js';
import type {Route} from '../ui/navigation.js';
import {HomeScreen, type HomeItem} from '../screens/home/home-screen.js';
import type {BorrowRoute, HistoryRoute, LoanRoute, LoansRoute, PlanRoute} from '../screens/routes.js';
import {lazyView, loadView} from './lazy-view.js';

export interface ScreenEntry<R extends Route> {
	id: R['name'];
	title: string;
	/** Listed on the home menu with this description (in table order; the number is the shortcut). */
	menu?: string;
	/** What the screen is for, at the top of its help overlay. */
	help: string;
	/** The screen's view; every screen but home is a `lazyView` (its own chunk, loaded after the first frame). */
	view(route: R): ReactElement;
	/** What the screen reads first: asked for as it opens when that is before the client exists (use-early-read.ts). */
	earlyRead?: EarlyRead;
}

/** Ties an entry to its route type, so `view` receives that screen's parameters. */
function screen<R extends Route>(entry: ScreenEntry<R>): ScreenEntry<R> {
	return entry;
}

export const SCREENS = [
	screen<{name: 'home'}>({id: 'home', title: 'Home', help: 'Pick a screen; its number jumps to it.', view: () => <HomeScreen items={HOME_ITEMS} />}),
	screen<{name: 'symbols'}>({
		id: 'symbols',
		title: 'Symbols',
		menu: 'browse and filter spot trading pairs',
		help: 'Every spot pair of the exchange; type to filter, Enter for details.',
		earlyRead: 'symbols',
		view: lazyView(
			() => import('../screens/symbols/symbols-screen.js'),
			(m) => <m.SymbolsScreen />,
		),
	}),
	screen<{name: 'estimate'}>({
		id: 'estimate',
		title: 'Estimate',
		menu: 'what a loan costs, all periods side by side',
		help: 'A live estimate for all three periods; nothing is sent but estimate queries.',
		view: lazyView(
			() => import('../screens/estimate/estimate-screen.js'),
			(m) => <m.EstimateScreen />,
		),
	}),
	screen<BorrowRoute>({
		id: 'borrow',
		title: 'Borrow',
		menu: 'borrow a coin against collateral',
		help: 'Step by step to a review; only y on the review sends the borrow, once.',
		view: lazyView(
			() => import('../screens/borrow/borrow-screen.js'),
			(m, route: BorrowRoute) => <m.BorrowScreen prefill={route.prefill} />,
		),
	}),
	screen<LoansRoute>({
		id: 'loans',
		title: 'Loans',
		menu: 'your ongoing loans: risk, interest, repay, collateral',
		help: 'Every ongoing loan, riskiest first, with its LTV against the margin-call and liquidation LTVs; refreshes by itself.',
		view: lazyView(
			() => import('../screens/loans/loans-screen.js'),
			(m, route: LoansRoute) => <m.LoansScreen selected={route.selected} />,
		),
	}),
	screen<LoanRoute>({
		id: 'loan',
		title: 'Loan',
		help: 'One loan: repay it, add or withdraw collateral; each through a review, and only y sends, once.',
		view: lazyView(
			() => import('../screens/loan/loan-screen.js'),
			(m, route: LoanRoute) => <m.LoanScreen orderId={route.orderId} />,
		),
	}),
	screen<HistoryRoute>({
		id: 'history',
		title: 'History',
		menu: 'loans, repayments, collateral changes, liquidations',
		help: 'What happened to your loans over a chosen window (up to 90 days), newest first.',
		view: lazyView(
			() => import('../screens/history/history-screen.js'),
			(m, route: HistoryRoute) => <m.HistoryScreen kept={route.kept} />,
		),
	}),
	screen<{name: 'credentials'}>({
		id: 'credentials',
		title: 'Credentials',
		menu: 'API key in use: add, replace or remove',
		help: 'Which API key is in use; enter new credentials or remove them from the keychain.',
		view: lazyView(
			() => import('../screens/credentials/credentials-screen.js'),
			(m) => <m.CredentialsScreen />,
		),
	}),
	screen<{name: 'coins'}>({
		id: 'coins',
		title: 'Coins',
		menu: 'what can be borrowed and pledged: rates, limits, LTVs',
		help: 'Every loanable coin with its hourly rate and APR per period and its limits, and every pledge coin with its LTVs.',
		view: lazyView(
			() => import('../screens/coins/coins-screen.js'),
			(m) => <m.CoinsScreen />,
		),
	}),
	screen<PlanRoute>({
		id: 'plan',
		title: 'Plan',
		menu: 'every pledge coin ranked for the loan you need',
		help: 'Type the loan coin and amount: every pledge coin and period, by cost or safety (s), with its margin-call and liquidation prices; Enter borrows that way.',
		view: lazyView(
			() => import('../screens/plan/plan-screen.js'),
			(m, route: PlanRoute) => <m.PlanScreen kept={route.kept} />,
		),
	}),
] as const;

type Entry = (typeof SCREENS)[number];
/** Every route the app can show. */
export type Screen = Parameters<Entry['view']>[0];

const BY_ID = new Map<string, ScreenEntry<Screen>>(SCREENS.map((entry) => [entry.id, entry as unknown as ScreenEntry<Screen>]));

/** The entry of a route's screen; a route no entry names is a bug, reported as one. */
export function screenEntry(route: Route): ScreenEntry<Screen> {
	const entry = BY_ID.get(route.name);
	if (!entry) throw new Error(`no screen "${route.name}" in the registry`);
	return entry;
}

/** A route checked against the registry. */
export function toScreen(route: Route): Screen {
	screenEntry(route);
	return route as Screen;
}

const TITLE_WIDTH = Math.max(...SCREENS.map((entry) => entry.title.length)) + 2;

/** The home menu: every entry with a menu line, in table order, then Quit. */
export const HOME_ITEMS: readonly HomeItem[] = [
	...SCREENS.filter((entry) => entry.menu !== undefined).map((entry) => ({label: `${entry.title.padEnd(TITLE_WIDTH)}${entry.menu}`, value: entry.id})),
	{label: 'Quit', value: 'quit'},
];

export function ScreenView({screen: route}: {screen: Screen}) {
	return screenEntry(route).view(route);
}

/** Loads every screen's view (after the first frame: opening a screen then waits for nothing). */
export function preloadScreens(): Promise<void> {
	return Promise.all(SCREENS.map((entry) => loadView(entry.view))).then(() => undefined);
}
