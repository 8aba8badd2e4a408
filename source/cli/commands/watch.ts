// loan-tui watch: the options, the signals and the channels of a watch session (operations/watch-session.ts: the
// reads, the alerts, the live prices, the top-ups from the account's ledger, the stop). Alerts go to stdout and the
// channels asked for (cli/watch/channels.ts); a top-up is sent like `collateral add` (cli/watch/top-up-post.ts). One
// watch per Bitget account (state/account-lock.ts). This file owns the signals: the first Ctrl+C, SIGTERM or SIGHUP
// stops it (no new top-up starts; one under way ends within its deadline and is recorded), a second one cuts a
// top-up's POST short (its outcome then unknown); SIGUSR1 reads at once. --once reads once and exits with the worst
// level, for cron; it may top up too.
import Big from 'big.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {checkAmount} from '../../api/validate.js';
import {ltvPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import type {WatchLevel} from '../../loans/watch-levels.js';
import {createMoneyGuard} from '../../operations/money-guard.js';
import {createWatchSession, type MaxAdd, type WatchEnd} from '../../operations/watch-session.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';
import {acquireAccountLock, type AccountLock} from '../../state/account-lock.js';
import {accountDirectory, accountFingerprint, accountLockFile} from '../../state/account-state.js';
import {localNow} from '../../state/process-identity.js';
import {memoryTopUpLedger, topUpLedgerAt} from '../../state/top-up-ledger.js';
import {openChannels, webhookFlag} from '../watch/channels.js';
import {sendTopUp} from '../watch/top-up-post.js';
import {percentFlag} from './to-ltv.js';

const DEFAULT_INTERVAL_S = 60;
const MIN_INTERVAL_S = 10;
const DEFAULT_REPEAT_MIN = 30;

/** --once: the worst level as the exit status. */
export const WATCH_EXIT: Record<Exclude<WatchLevel, 'closed'>, number> = {ok: 0, warn: 10, 'margin-call': 11, 'liquidation-near': 12};

interface TopUpFlags {at: string; to: string; maxAdd: MaxAdd}
interface WatchOptions {topUp?: TopUpFlags; orderIds?: string[]; intervalMs: number; repeatMs: number; warnLtv?: string; warnFall?: string; once: boolean}

export function watchOptions(values: ParsedArgs['values']): WatchOptions {
	const number = (flag: string, text: string | undefined, fallback: number, min: number, max: number, unit: string) => {
		if (text === undefined) return fallback;
		if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < min || Number(text) > max) throw new UsageError(`--${flag} must be a whole number of ${unit} from ${min} to ${max} (got "${sanitize(text)}")`);
		return Number(text);
	};
	const percent = (flag: string, text: string | undefined) => (text === undefined ? undefined : percentFlag(flag, text));
	const topUp = topUpPolicy(values, percent);
	const orderIds = values.order?.split(',').map((id) => id.trim());
	for (const id of orderIds ?? []) {
		const checked = checkOrderId(id);
		if (!checked.ok) throw new UsageError(`--order: ${checked.message}`);
	}
	return {
		...(topUp ? {topUp} : {}),
		...(orderIds ? {orderIds} : {}),
		intervalMs: number('interval', values.interval, DEFAULT_INTERVAL_S, MIN_INTERVAL_S, 86_400, 'seconds') * 1000,
		repeatMs: number('repeat', values.repeat, DEFAULT_REPEAT_MIN, 1, 10_080, 'minutes') * 60_000,
		warnLtv: percent('warn-ltv', values['warn-ltv']),
		warnFall: percent('warn-fall', values['warn-fall']),
		once: values.once === true,
	};
}

/** --top-up-at, --top-up-to and --max-add: all three or none, the target below the trigger. */
function topUpPolicy(values: ParsedArgs['values'], percent: (flag: string, text: string | undefined) => string | undefined): TopUpFlags | undefined {
	const flags = ['top-up-at', 'top-up-to', 'max-add'] as const;
	const given = flags.filter((flag) => values[flag] !== undefined);
	if (given.length === 0) {
		if (values.yes) throw new UsageError('--yes goes with --top-up-at, --top-up-to and --max-add: the watch sends nothing else');
		return undefined;
	}
	if (given.length < 3) throw new UsageError(`a top-up needs --top-up-at, --top-up-to and --max-add together (missing: ${flags.filter((flag) => !given.includes(flag)).map((flag) => `--${flag}`).join(', ')})`);
	const at = percent('top-up-at', values['top-up-at'])!;
	const to = percent('top-up-to', values['top-up-to'])!;
	if (new Big(to).gte(at)) throw new UsageError(`--top-up-to (${ltvPercent(to)}) must be below --top-up-at (${ltvPercent(at)}): a top-up brings the LTV down`);
	return {at, to, maxAdd: maxAddFlag(values['max-add']!)};
}

/** "0.5BTC", "0.5 BTC,5000DOGE" (each coin once), or a bare "0.5". */
export function maxAddFlag(text: string): MaxAdd {
	const example = 'like --max-add 0.5BTC, or --max-add 0.5BTC,5000DOGE for loans of two pledge coins';
	const items = text.split(',').map((item) => item.trim());
	const perCoin = new Map<string, string>();
	for (const item of items) {
		const match = /^([0-9.]+)\s*([A-Za-z0-9]{1,20})?$/.exec(item);
		if (!match) throw new UsageError(`--max-add takes an amount and its coin, ${example} (got "${sanitize(item).slice(0, 40)}")`);
		const amount = checkAmount(match[1]!, '--max-add');
		if (!amount.ok) throw new UsageError(amount.message);
		if (new Big(amount.value).lte(0)) throw new UsageError('--max-add must be more than zero');
		const coin = match[2]?.toUpperCase();
		if (coin === undefined) {
			if (items.length > 1) throw new UsageError(`--max-add names a coin for each amount when it lists several, ${example}`);
			return {bare: amount.value};
		}
		if (perCoin.has(coin)) throw new UsageError(`--max-add names ${coin} twice: give each coin once`);
		perCoin.set(coin, amount.value);
	}
	return {perCoin};
}

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
		...options, client, thresholds, minIntervalMs: MIN_INTERVAL_S * 1000,
		topUp: options.topUp && {...options.topUp, ledger, send: sending ? (request, loan, stopping) => sendTopUp(session, request, loan, {guard, stopChecking: stopping}) : undefined},
		prices: {url: session.tickerStreamUrl, debug: session.debug}, clocks: {local: localNow},
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
	if (end.reason === 'stopped') out.stderr.write(`loan-tui: watch stopped${unknown > 0 ? ` — ${unknown} top-up${unknown === 1 ? '\'s' : 's\''} outcome is unknown: check loan-tui history --local before anything else` : ''}\n`);
	if (unknown > 0) return EXIT.outcomeUnknown;
	return end.reason === 'stopped' ? EXIT.ok : end.worst === 'unreadable' ? EXIT.refused : WATCH_EXIT[end.worst];
}

function lockHeld({holder, path}: Extract<AccountLock, {ok: false}>): string {
	return `another loan-tui watch (process ${holder.pid}${holder.profile === undefined ? '' : ` with profile "${holder.profile}"`}) is guarding this Bitget account; stop it first (its lock: ${path})`;
}
