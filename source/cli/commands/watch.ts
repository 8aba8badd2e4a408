// loan-tui watch: the signals and the channels of a watch session (operations/watch-session.ts: the
// reads, the alerts, the live prices, the top-ups from the account's ledger, the stop). Alerts go to stdout and the
// channels asked for (cli/watch/channels.ts); a top-up is sent like `collateral add` (cli/watch/top-up-post.ts). One
// watch per Bitget account (state/account-lock.ts). This file owns the signals: the first Ctrl+C, SIGTERM or SIGHUP
// stops it (no new top-up starts; one under way ends within its deadline and is recorded), a second one cuts a
// top-up's POST short (its outcome then unknown); SIGUSR1 reads at once. --once reads once and exits with the worst
// level, for cron; it may top up too. --warn-chance alerts on a loan's chance of a margin call within 24 h
// (operations/watch-chance.ts), from one price-history reader made here. Its options: cli/watch/watch-options.ts.
import type {WatchLevel} from '../../loans/watch-levels.js';
import {createMoneyGuard} from '../../operations/money-guard.js';
import {createWatchSession, type WatchEnd} from '../../operations/watch-session.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';
import {acquireAccountLock, type AccountLock} from '../../state/account-lock.js';
import {accountDirectory, accountFingerprint, accountLockFile} from '../../state/account-state.js';
import {localNow} from '../../state/process-identity.js';
import {memoryTopUpLedger, topUpLedgerAt} from '../../state/top-up-ledger.js';
import {openChannels, webhookFlag} from '../watch/channels.js';
import {sendTopUp} from '../watch/top-up-post.js';
import {MIN_INTERVAL_S, watchOptions} from '../watch/watch-options.js';

/** --once: the worst level as the exit status. */
const WATCH_EXIT: Record<Exclude<WatchLevel, 'closed'>, number> = {ok: 0, warn: 10, 'margin-call': 11, 'liquidation-near': 12};

export async function runWatch(session: Session, values: ParsedArgs['values']): Promise<number> {
	const options = watchOptions(values);
	const webhook = webhookFlag(values.webhook);
	if (values.exec !== undefined && values.exec.trim() === '') throw new UsageError('--exec needs a command, like --exec \'logger "$LOAN_TUI_EVENT_TEXT"\'');
	const thresholds = {...(options.warnLtv ? {warnLtv: options.warnLtv} : {}), ...(options.warnFall ? {warnFall: options.warnFall} : {})};
	const credentials = await session.requireCredentials();
	const {client, out, config} = session;
	const sending = options.topUp !== undefined && values.yes === true;
	if (sending) client.assertCanSign();
	// The account's own directory: the lock and the ledger whatever the profile's name or the state directory.
	const account = accountDirectory(config.directories.accounts, accountFingerprint(client.origin, credentials.credentials.apiKey));
	// A running watch guards the account alone; --once takes the lock only to top up. The demo's loans end with its
	// run: no lock, and a ledger in memory.
	const lock = config.demo || (options.once && !sending) ? undefined : await acquireAccountLock(accountLockFile(account), config.profile);
	if (lock && !lock.ok) throw new UsageError(lockHeld(lock));
	const ledger = config.demo ? memoryTopUpLedger() : topUpLedgerAt(account, localNow);

	const channels = openChannels({out, bell: values.bell === true, notify: values.notify === true, exec: values.exec, webhook, env: config.childEnvironment});
	const guard = createMoneyGuard();
	// The session: --order, --interval, --repeat and --once as parsed; the thresholds, a top-up's ledger and sender.
	const watch = createWatchSession({
		...options,
		client,
		thresholds,
		minIntervalMs: MIN_INTERVAL_S * 1000,
		...(options.warnChance === undefined ? {} : {chance: await chanceWatchFor(options.warnChance, session)}),
		topUp: options.topUp && {
			...options.topUp,
			ledger,
			send: sending ? (request, loan, stopping) => sendTopUp(session, request, loan, {guard, stopChecking: stopping}) : undefined,
		},
		prices: {url: session.tickerStreamUrl, debug: session.debug},
		clocks: {local: localNow},
		sink: {alert: channels.send, say: (line) => out.stderr.write(`loan-tui: ${line}\n`)},
	});
	// The one owner of the signals: the first stops the watch (a top-up under way runs to its answer, unchecked), a
	// second cuts that POST short through the money guard. SIGUSR1 reads at once (during a read: right after it).
	const onStop = (name: NodeJS.Signals) => (watch.stopping ? guard.close(name) : watch.stop());
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	for (const signal of signals) process.on(signal, onStop);
	process.on('SIGUSR1', watch.readNow);
	let end: WatchEnd;
	try {
		end = await watch.start().ended;
	} finally {
		// Alerts still on their way are delivered (each channel has its own bound), then the lock goes.
		await channels.settle();
		if (lock?.ok) await lock.release();
		for (const signal of signals) process.off(signal, onStop);
		process.off('SIGUSR1', watch.readNow);
	}
	if (end.reason === 'refused') throw new UsageError(end.message);
	const unknown = end.unknownTopUps;
	if (end.reason === 'stopped')
		out.stderr.write(
			`loan-tui: watch stopped${unknown > 0 ? ` — ${unknown} top-up${unknown === 1 ? "'s" : "s'"} outcome is unknown: check loan-tui history --local before anything else` : ''}\n`,
		);
	if (unknown > 0) return EXIT.outcomeUnknown;
	return end.reason === 'stopped' ? EXIT.ok : end.worst === 'unreadable' ? EXIT.refused : WATCH_EXIT[end.worst];
}

function lockHeld({holder, path}: Extract<AccountLock, {ok: false}>): string {
	return `another loan-tui watch (process ${holder.pid}${holder.profile === undefined ? '' : ` with profile "${holder.profile}"`}) is guarding this Bitget account; stop it first (its lock: ${path})`;
}

/** --warn-chance P: one reader of the pairs' histories for the run (each pair kept an hour; on disk outside the demo).
 * Loaded only then: a watch without it keeps the candles' and the chance's code out of its memory (bench/watch.ts). */
async function chanceWatchFor(threshold: number, session: Session) {
	const [{priceHistoryReader}, {chanceWatchStarter}] = await Promise.all([
		import('../../operations/price-history.js'),
		import('../../operations/watch-chance.js'),
	]);
	const {client, config} = session;
	return chanceWatchStarter(priceHistoryReader(client, {cacheDirectory: config.demo ? undefined : config.directories.cache}), threshold);
}
