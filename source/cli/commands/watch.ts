// loan-tui watch: reads the loans every --interval with today's prices and alerts on changes of level
// (operations/watch.ts), on stdout and the channels asked for (cli/watch/channels.ts). It only reads, unless a top-up
// is asked for (operations/top-up.ts), which posts through the money pipeline like `collateral add` and keeps its
// limits in the account's ledger on disk (state/top-up-ledger.ts). One watch per Bitget account
// (state/account-lock.ts). This file owns the signals: the first Ctrl+C, SIGTERM or SIGHUP stops it (no new top-up
// starts; one under way ends within its deadline and is recorded), a second one cuts a top-up's POST short (its
// outcome then unknown); SIGUSR1 reads at once. After a sleep or a clock jump the next read is at once. --once reads
// once and exits with the worst level, for cron; it may top up too.
import Big from 'big.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {checkAmount} from '../../api/validate.js';
import {failureText} from '../../operations/observe.js';
import {createTopUpRunner, settlerFor, type SendReport, type TopUpPolicy, type TopUpRunner} from '../../operations/top-up.js';
import {createMoneyGuard} from '../../operations/money-guard.js';
import {ltvPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {severity, watchLevel, type WatchLevel} from '../../loans/watch-levels.js';
import {createWatcher, type LoanSeen, type Watcher, type WatchEvent, type WatchRead} from '../../operations/watch.js';
import {LiveTickers, liveSymbols, projectRead} from '../../operations/watch-live.js';
import {PriceFeed} from '../../operations/price-feed.js';
import type {OngoingLoan, RevisePledgeRequest} from '../../api/loan-types.js';
import type {SignalOwner} from '../money-command.js';
import {readWatch} from '../../operations/watch-read.js';
import {isLoopbackHost} from '../../api/transport.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';
import {acquireAccountLock, type AccountLock} from '../../state/account-lock.js';
import {accountDirectory, accountFingerprint, accountLockFile} from '../../state/account-state.js';
import {localNow} from '../../state/process-identity.js';
import {memoryTopUpLedger, topUpLedgerAt, type TopUpLedger} from '../../state/top-up-ledger.js';
import {openChannels} from '../watch/channels.js';
import {waitBeforeRead, waitForNextRead} from '../watch/next-read.js';
import {percentFlag} from './to-ltv.js';

const DEFAULT_INTERVAL_S = 60;
const MIN_INTERVAL_S = 10;
const DEFAULT_REPEAT_MIN = 30;
/** The slowest the reads get after answers of 429: 15 minutes, or 4 intervals when that is longer. */
const MAX_SLOWED_MS = 15 * 60_000;

/** --once: the worst level as the exit status. */
export const WATCH_EXIT: Record<Exclude<WatchLevel, 'closed'>, number> = {ok: 0, warn: 10, 'margin-call': 11, 'liquidation-near': 12};

/** --max-add: a cap per pledge coin ("0.5BTC,5000DOGE"), or one bare amount for loans that all pledge one coin. */
type MaxAdd = {perCoin: ReadonlyMap<string, string>} | {bare: string};

interface TopUpFlags {
	at: string;
	to: string;
	maxAdd: MaxAdd;
}

interface WatchOptions {
	topUp?: TopUpFlags;
	orderIds?: string[];
	intervalMs: number;
	repeatMs: number;
	warnLtv?: string;
	warnFall?: string;
	once: boolean;
}

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

/** The caps per coin for the loans watched: a bare --max-add only when they all pledge one coin, and a named cap for
 * every pledge coin watched (a loan without one would be left unguarded without a word). */
function capsFor(maxAdd: MaxAdd, loans: readonly OngoingLoan[]): ReadonlyMap<string, string> {
	const coins = [...new Set(loans.map((loan) => loan.pledgeCoin))].sort();
	if ('bare' in maxAdd) {
		if (coins.length > 1) throw new UsageError(`--max-add ${maxAdd.bare} names no coin, and the loans watched pledge ${coins.join(' and ')}: name the cap of each, like --max-add ${coins.map((coin) => `N${coin}`).join(',')}`);
		return new Map(coins.map((coin) => [coin, maxAdd.bare]));
	}
	const missing = coins.filter((coin) => !maxAdd.perCoin.has(coin));
	if (missing.length > 0) throw new UsageError(`--max-add names no cap for ${missing.join(', ')}, pledged by loans watched: add one (like ${missing.map((coin) => `N${coin}`).join(',')}), or choose the loans with --order`);
	return maxAdd.perCoin;
}

/** https, or plain http to this machine: an alert says which loan is at risk, and no one else should read it. */
function checkWebhook(text: string | undefined): string | undefined {
	if (text === undefined) return undefined;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new UsageError('--webhook must be a URL, like https://ntfy.sh/my-topic');
	}
	if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url.href;
	throw new UsageError('--webhook must be an https:// URL (plain http only to this machine)');
}

export async function runWatch(session: Session, values: ParsedArgs['values']): Promise<number> {
	const options = watchOptions(values);
	const webhook = checkWebhook(values.webhook);
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
	const ledger: TopUpLedger = config.demo ? memoryTopUpLedger() : topUpLedgerAt(account, localNow);

	const channels = openChannels({out, bell: values.bell === true, notify: values.notify === true, exec: values.exec, webhook, env: config.childEnvironment});
	// The one owner of the signals: the first stops the watch (a top-up under way runs to its answer, unchecked), a
	// second cuts that POST short through the money guard.
	const stop = new AbortController();
	const guard = createMoneyGuard();
	let stopFeed: (() => void) | undefined;
	// SIGUSR1 during a read counts for the wait after it: it is never lost.
	let readNow: (() => void) | undefined;
	let readAsked = false;
	const onStop = (name: NodeJS.Signals) => {
		if (stop.signal.aborted) guard.close(name);
		else stop.abort();
	};
	const onReadNow = () => {
		readAsked = true;
		readNow?.();
	};
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	for (const signal of signals) process.on(signal, onStop);
	process.on('SIGUSR1', onReadNow);
	let runner: TopUpRunner | undefined;
	let code: number;
	try {
		const read = (watching: readonly string[]) => readWatch(client, {...(options.orderIds ? {orderIds: options.orderIds} : {}), watching, signal: stop.signal});
		const first = await read([]);
		const caps = first.ok ? refuseUnusable(first, options, thresholds) : new Map<string, string>();
		if (options.topUp) {
			const policy: TopUpPolicy = {at: options.topUp.at, to: options.topUp.to, caps};
			const send = sending ? (request: RevisePledgeRequest, loan: OngoingLoan) => sendTopUp(session, request, loan, {guard, stopChecking: stop.signal}) : undefined;
			runner = createTopUpRunner({policy, ledger, ...(send ? {send} : {}), settle: settlerFor(client), now: localNow, serverNow: () => client.clock.now(), stopping: () => stop.signal.aborted});
		}
		const topUps = async (read: WatchRead) => {
			if (!runner || !read.ok) return;
			try {
				for (const event of await runner.afterRead(read)) channels.send(event);
			} catch (error) {
				out.stderr.write(`loan-tui: no top-up after this read: ${sanitize(failureText(error))}\n`);
			}
		};
		if (options.once) {
			code = once(first, thresholds, channels.send);
			await topUps(first);
		} else {
			code = await watchLoop(first);
		}
		if (runner && runner.unknownCount() > 0) code = EXIT.outcomeUnknown;

		async function watchLoop(first: WatchRead): Promise<number> {
			const watcher = createWatcher({thresholds, repeatMs: options.repeatMs});
			// Between reads the LTVs follow the live prices (projected); a top-up waits for a read (the server's LTV).
			const live = followPrices(session, watcher, channels.send);
			stopFeed = live.close;
			const deliver = async (read: WatchRead) => {
				// The read at the newest prices: one pushed while it was under way projects it at once (no flip back and forth).
				if (read.ok) live.readAt(read);
				for (const event of watcher.observe(read.ok ? {...read, loans: live.project(read)} : read)) channels.send(event);
				live.wake();
				await topUps(read);
			};
			await deliver(first);
			out.stderr.write(`loan-tui: watching ${first.ok ? `${first.loans.length} loan${first.loans.length === 1 ? '' : 's'}` : 'your loans'} every ${options.intervalMs / 1000} s (${first.ok ? `worst: ${watcher.worst()}` : 'the first read failed'}); Ctrl+C stops\n`);
			// After a 429 the reads slow down, doubling up to 15 minutes (or 4 intervals), until one is answered.
			let waitMs = options.intervalMs;
			while (!stop.signal.aborted) {
				if (!readAsked) {
					const wait = waitBeforeRead(waitMs, options.intervalMs, MIN_INTERVAL_S * 1000, watcher.reminderDue(), client.clock.now());
					await waitForNextRead(wait, stop.signal, (wake) => (readNow = wake));
				}
				readAsked = false;
				if (stop.signal.aborted) break;
				live.sending();
				const next = await read(watcher.watching()).catch((error: unknown) => {
					if (stop.signal.aborted) return undefined;
					throw error;
				});
				if (!next) continue;
				await deliver(next);
				waitMs = next.ok || !next.rateLimited ? options.intervalMs : Math.min(waitMs * 2, Math.max(MAX_SLOWED_MS, options.intervalMs * 4));
				// Each failed read is said on stderr as it happens; the alert comes once the watch is blind.
				if (!next.ok) out.stderr.write(`loan-tui: could not read your loans (${sanitize(next.problem)}); next try in ${waitMs / 1000} s${next.rateLimited ? ' (the server asked for fewer requests)' : ''}\n`);
			}
			return EXIT.ok;
		}
	} finally {
		stopFeed?.();
		// Alerts still on their way are delivered (each channel has its own bound), then the lock goes.
		await channels.settle();
		if (lock?.ok) await lock.release();
		for (const signal of signals) process.off(signal, onStop);
		process.off('SIGUSR1', onReadNow);
	}
	if (!options.once) {
		const unknown = runner?.unknownCount() ?? 0;
		out.stderr.write(`loan-tui: watch stopped${unknown > 0 ? ` — ${unknown} top-up${unknown === 1 ? '\'s' : 's\''} outcome is unknown: check loan-tui history --local before anything else` : ''}\n`);
	}
	return code;
}

function lockHeld(lock: Extract<AccountLock, {ok: false}>): string {
	const {holder} = lock;
	const profile = holder.profile === undefined ? '' : ` with profile "${holder.profile}"`;
	return `another loan-tui watch (process ${holder.pid}${profile}) is guarding this Bitget account; stop it first (its lock: ${lock.path})`;
}

/** One top-up through the money pipeline, like `collateral add`, under the watch's signals. */
async function sendTopUp(session: Session, request: RevisePledgeRequest, loan: OngoingLoan, owner: SignalOwner): Promise<SendReport> {
	// The money pipeline loads only when a top-up is sent: a watch that only reads never needs it.
	const {runMoneyPost} = await import('../money-command.js');
	const sent = await runMoneyPost(session, {kind: 'revisePledge', request, loan}, owner);
	if ('result' in sent) {
		const after = sent.result.kind === 'revisePledge' ? sent.result.result.afterPledgeRate : undefined;
		return {status: 'done', ...(after === undefined ? {} : {ltvAfter: after})};
	}
	if (sent.exit === EXIT.outcomeUnknown) return {status: 'unknown', found: sent.found === true, reason: 'the outcome is unknown'};
	return {status: 'refused', reason: sent.error === undefined ? 'not sent' : failureText(sent.error)};
}

/** The live prices of the pairs the last read priced its loans with (bounded: operations/watch-live.ts): each one
 * shown projects that read's LTVs. A projected change waiting for its dwell is projected again when it falls due, in
 * case no price comes after it. The feed's state changes (live, polling, down) are said on stderr. */
function followPrices(session: Session, watcher: Watcher, send: (event: WatchEvent) => void): {sending(): void; readAt(read: Extract<WatchRead, {ok: true}>): void; project(read: Extract<WatchRead, {ok: true}>): LoanSeen[]; wake(): void; close(): void} {
	const {client} = session;
	const feed = new PriceFeed({url: session.tickerStreamUrl, client, debug: session.debug}).start();
	let last: Extract<WatchRead, {ok: true}> | undefined;
	let dwellTimer: NodeJS.Timeout | undefined;
	const projectNow = () => {
		if (!last) return;
		for (const event of watcher.project(client.clock.now(), projectRead(last, live.tickers))) send(event);
		wake();
	};
	const wake = () => {
		clearTimeout(dwellTimer);
		const due = watcher.projectionDue();
		// Overdue: the loan is back under the line it waits for (within the margin); the next price decides.
		if (due === undefined || due <= client.clock.now()) return;
		dwellTimer = setTimeout(projectNow, due - client.clock.now());
	};
	const live = new LiveTickers({
		confirm: async (symbol) => (await client.tickers(symbol)).records.find((ticker) => ticker.symbol === symbol),
		onChange: projectNow,
	});
	feed.onUpdate((update) => {
		if (live.take(update) === 'shown') projectNow();
	});
	feed.onStatus((change) => {
		const words = {connecting: undefined, live: 'prices: live from the ticker stream', polling: 'prices: read every 5 s (the ticker stream cannot be reached)', down: 'prices: not live'}[change.status];
		if (words) session.out.stderr.write(`loan-tui: ${words}${change.reason && change.status !== 'live' ? ` (${sanitize(change.reason)})` : ''}\n`);
	});
	return {
		sending: () => live.sending(),
		readAt(read) {
			last = read;
			live.landed(read.book);
			feed.setInstIds(liveSymbols(read.loans.map((seen) => seen.loan), read.book));
		},
		project: (read) => projectRead(read, live.tickers),
		wake,
		close() {
			clearTimeout(dwellTimer);
			live.close();
			feed.close();
		},
	};
}

/** Named loans that are not open, a warn LTV at or above a loan's liquidation LTV, and a --max-add that leaves a
 * watched loan's coin without a cap are refused before watching; the caps per coin otherwise. */
function refuseUnusable(read: Extract<WatchRead, {ok: true}>, options: WatchOptions, thresholds: {warnLtv?: string}): ReadonlyMap<string, string> {
	const missing = (options.orderIds ?? []).filter((id) => !read.loans.some((seen) => seen.loan.orderId === id));
	if (missing.length > 0) throw new UsageError(`not among your ongoing loans: ${missing.join(', ')} (loan-tui loans lists them)`);
	for (const {loan} of read.loans) {
		if (options.topUp && new Big(options.topUp.at).gte(loan.forceRate)) {
			throw new UsageError(`--top-up-at ${ltvPercent(options.topUp.at)} is at or above the liquidation LTV of loan ${loan.orderId} (${ltvPercent(loan.forceRate)}): the top-up would come too late`);
		}
		if (thresholds.warnLtv !== undefined && new Big(thresholds.warnLtv).gte(loan.forceRate)) {
			throw new UsageError(`--warn-ltv ${ltvPercent(thresholds.warnLtv)} is at or above the liquidation LTV of loan ${loan.orderId} (${ltvPercent(loan.forceRate)}): a warning must come first`);
		}
	}
	return options.topUp ? capsFor(options.topUp.maxAdd, read.loans.map((seen) => seen.loan)) : new Map();
}

/** --once: every loan's level now (one line or NDJSON object each), and the worst as the exit status. */
function once(read: WatchRead, thresholds: {warnLtv?: string; warnFall?: string}, send: (event: WatchEvent) => void): number {
	if (!read.ok) {
		send({kind: 'blind', time: read.time, what: 'loans', problem: read.problem});
		return EXIT.refused;
	}
	let worst: Exclude<WatchLevel, 'closed'> = 'ok';
	for (const seen of read.loans) {
		const level = watchLevel(seen.loan, seen.ltv, thresholds);
		if (severity(level) > severity(worst)) worst = level;
		const {loan, ...figures} = seen;
		send({kind: 'level', time: read.time, orderId: loan.orderId, level, loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, ...figures});
	}
	if (read.pricesProblem !== undefined) send({kind: 'blind', time: read.time, what: 'prices', problem: read.pricesProblem});
	return WATCH_EXIT[worst];
}
