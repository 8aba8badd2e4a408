// loan-tui watch: reads the loans every --interval with today's prices and alerts on changes of level
// (operations/watch.ts), on stdout and the channels asked for (cli/watch/channels.ts). It only reads, unless a top-up
// is asked for (operations/top-up.ts), which posts through the money pipeline like `collateral add`. One per profile
// (state/watch-lock.ts); Ctrl+C, SIGTERM or SIGHUP stop it cleanly; SIGUSR1 reads at once. After a sleep or a clock
// jump the next read is at once. --once reads once and exits with the worst level, for cron.
import Big from 'big.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {checkAmount} from '../../api/validate.js';
import {failureText} from '../../operations/observe.js';
import {createTopUps, type TopUpPolicy, type TopUps} from '../../operations/top-up.js';
import {ltvPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {severity, watchLevel, type WatchLevel} from '../../loans/watch-levels.js';
import {createWatcher, type LoanSeen, type Watcher, type WatchEvent, type WatchRead} from '../../operations/watch.js';
import {LiveTickers, liveSymbols, projectRead} from '../../operations/watch-live.js';
import {PriceFeed} from '../../operations/price-feed.js';
import {readWatch} from '../../operations/watch-read.js';
import {isLoopbackHost} from '../../api/transport.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';
import {acquireWatchLock, watchLockFile} from '../../state/watch-lock.js';
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

interface WatchOptions {
	topUp?: TopUpPolicy;
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
function topUpPolicy(values: ParsedArgs['values'], percent: (flag: string, text: string | undefined) => string | undefined): TopUpPolicy | undefined {
	const flags = ['top-up-at', 'top-up-to', 'max-add'] as const;
	const given = flags.filter((flag) => values[flag] !== undefined);
	if (given.length === 0) {
		if (values.yes) throw new UsageError('--yes goes with --top-up-at, --top-up-to and --max-add: the watch sends nothing else');
		return undefined;
	}
	if (given.length < 3) throw new UsageError(`a top-up needs --top-up-at, --top-up-to and --max-add together (missing: ${flags.filter((flag) => !given.includes(flag)).map((flag) => `--${flag}`).join(', ')})`);
	if (values.once) throw new UsageError('--top-up-at needs a running watch, not --once: a crossing must be remembered so it is topped up once');
	const at = percent('top-up-at', values['top-up-at'])!;
	const to = percent('top-up-to', values['top-up-to'])!;
	if (new Big(to).gte(at)) throw new UsageError(`--top-up-to (${ltvPercent(to)}) must be below --top-up-at (${ltvPercent(at)}): a top-up brings the LTV down`);
	const maxAdd = checkAmount(values['max-add']!, '--max-add');
	if (!maxAdd.ok) throw new UsageError(maxAdd.message);
	return {at, to, maxAdd: maxAdd.value};
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
	await session.requireCredentials();
	const {client, out, config} = session;

	const lock = options.once ? undefined : await acquireWatchLock(watchLockFile(config.directories.state, config.profile));
	if (lock && !lock.ok) {
		throw new UsageError(`another loan-tui watch (process ${lock.pid}) is watching profile "${config.profile}"; stop it first (its lock: ${lock.path})`);
	}
	const channels = openChannels({out, bell: values.bell === true, notify: values.notify === true, exec: values.exec, webhook, env: config.childEnvironment});
	const stop = new AbortController();
	let stopFeed: (() => void) | undefined;
	// SIGUSR1 during a read counts for the wait after it: it is never lost.
	let readNow: (() => void) | undefined;
	let readAsked = false;
	const onStop = () => stop.abort();
	const onReadNow = () => {
		readAsked = true;
		readNow?.();
	};
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	for (const signal of signals) process.on(signal, onStop);
	process.on('SIGUSR1', onReadNow);
	try {
		const read = (watching: readonly string[]) => readWatch(client, {...(options.orderIds ? {orderIds: options.orderIds} : {}), watching, signal: stop.signal});
		const first = await read([]);
		if (first.ok) refuseUnusable(first, options, thresholds);
		if (options.once) return once(first, thresholds, channels.send);

		const watcher = createWatcher({thresholds, repeatMs: options.repeatMs});
		const topUps = options.topUp ? createTopUps(options.topUp) : undefined;
		if (topUps) session.client.assertCanSign();
		// Between reads the LTVs follow the live prices (projected); a top-up waits for a read (the server's LTV).
		const live = followPrices(session, watcher, channels.send);
		stopFeed = live.close;
		const deliver = async (read: WatchRead) => {
			// The read at the newest prices: one pushed while it was under way projects it at once (no flip back and forth).
			if (read.ok) live.readAt(read);
			for (const event of watcher.observe(read.ok ? {...read, loans: live.project(read)} : read)) channels.send(event);
			live.wake();
			if (topUps && read.ok) for (const event of await topUpAll(session, topUps, read, values.yes === true)) channels.send(event);
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
		out.stderr.write('loan-tui: watch stopped\n');
		return EXIT.ok;
	} finally {
		stopFeed?.();
		for (const signal of signals) process.off(signal, onStop);
		process.off('SIGUSR1', onReadNow);
		await channels.settle();
		if (lock?.ok) await lock.release();
	}
}

/** The live prices of the pairs the last read priced its loans with (bounded: operations/watch-live.ts): each one
 * shown projects that read's LTVs. A projected change waiting for its dwell is projected again when it falls due, in
 * case no price comes after it. The feed's state changes (live, polling, down) are said on stderr. */
function followPrices(session: Session, watcher: Watcher, send: (event: WatchEvent) => void): {sending(): void; readAt(read: Extract<WatchRead, {ok: true}>): void; project(read: Extract<WatchRead, {ok: true}>): LoanSeen[]; wake(): void; close(): void} {
	const {client} = session;
	const feed = new PriceFeed({url: session.tickerStreamUrl, client}).start();
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

/** Each loan at or past --top-up-at gets its decision: an addition sent through the money pipeline (with --yes),
 * said only (without), or why not; every one is an alert on every channel. */
async function topUpAll(session: Session, topUps: TopUps, read: Extract<WatchRead, {ok: true}>, send: boolean): Promise<WatchEvent[]> {
	const events: WatchEvent[] = [];
	for (const {loan, ltv} of read.loans) {
		const decision = topUps.decide(loan, ltv, read.time);
		if (decision.kind === 'none') continue;
		const about = {kind: 'top-up' as const, time: read.time, orderId: loan.orderId, loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, ltv};
		if (decision.kind === 'skip') {
			events.push({...about, topUp: {result: 'skipped', reason: decision.reason}});
			continue;
		}
		const {amount, capped} = decision;
		if (!send) {
			topUps.record(loan.orderId, read.time, amount, 'dry-run');
			events.push({...about, topUp: {result: 'dry-run', amount, capped, ltvBefore: ltv, ltvAfter: decision.ltvAfter}});
			continue;
		}
		const request = {orderId: loan.orderId, amount, pledgeCoin: loan.pledgeCoin, reviseType: 'IN' as const};
		// The money pipeline loads only when a top-up is sent: a watch that only reads never needs it.
		const {runMoneyPost} = await import('../money-command.js');
		const sent = await runMoneyPost(session, {kind: 'revisePledge', request, loan});
		if ('result' in sent) {
			topUps.record(loan.orderId, read.time, amount, 'done');
			const after = sent.result.kind === 'revisePledge' ? sent.result.result.afterPledgeRate : undefined;
			events.push({...about, topUp: {result: 'done', amount, capped, ltvBefore: ltv, ...(after === undefined ? {} : {ltvAfter: after})}});
			continue;
		}
		const unknown = sent.exit === EXIT.outcomeUnknown;
		topUps.record(loan.orderId, read.time, amount, unknown ? 'unknown' : 'refused');
		events.push({...about, topUp: {result: unknown ? 'unknown' : 'refused', amount, capped, ltvBefore: ltv, reason: sent.error === undefined ? 'the outcome is unknown' : failureText(sent.error)}});
	}
	return events;
}

/** Named loans that are not open, and a warn LTV at or above a loan's liquidation LTV, are refused before watching. */
function refuseUnusable(read: Extract<WatchRead, {ok: true}>, options: WatchOptions, thresholds: {warnLtv?: string}): void {
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
