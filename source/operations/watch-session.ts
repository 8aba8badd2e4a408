// One run of `loan-tui watch`, free of the command line: the reads every interval (operations/watch-read.ts), what
// deserves an alert (operations/watch.ts), the LTVs between reads at the live prices (operations/watch-live.ts), the
// opt-in top-ups decided from the account's ledger on disk (operations/top-up.ts) and the stop. It takes a client, the
// clocks, the options and a sink for its alerts and lines; it reads no argv, owns no signal and writes no stream
// (cli/commands/watch.ts does those: it parses the options, takes the account's lock, turns signals into stop() and
// readNow(), and the end into an exit status).
//
// The stop: no new read or top-up starts; a top-up already sent runs to its answer (its `send` is given the stopping
// signal, so it skips the check an unknown outcome would get); the price feed is closed; then `ended` resolves with
// why it ended. A read of the first loans that makes the options unusable (a named loan not open, a --warn-ltv or
// --top-up-at at or past a liquidation LTV, a pledge coin without a cap) ends it as refused, before anything is sent.
import Big from 'big.js';
import type {BitgetClient} from '../api/client.js';
import type {OngoingLoan, RevisePledgeRequest} from '../api/loan-types.js';
import {ltvPercent} from '../format/money.js';
import {sanitize} from '../format/sanitize.js';
import {severity, watchLevel, type WatchLevel, type WatchThresholds} from '../loans/watch-levels.js';
import type {LocalInstant} from '../state/process-identity.js';
import type {TopUpLedger} from '../state/top-up-ledger.js';
import {failureText} from './observe.js';
import {PriceFeed} from './price-feed.js';
import {createTopUpRunner, settlerFor, type SendReport, type TopUpRunner} from './top-up.js';
import {createWatcher, projectAgainIn, seenFall, type LoanSeen, type Watcher, type WatchEvent, type WatchRead} from './watch.js';
import {LiveTickers, liveSymbols, projectRead} from './watch-live.js';
import {readWatch} from './watch-read.js';
import {waitBeforeRead, waitForNextRead} from './watch-wait.js';
import type {ChanceWatch, ChanceWatchStarter} from './watch-chance.js';
import {chanceWatchLine} from './watch-words.js';

/** The slowest the reads get after answers of 429: 15 minutes, or 4 intervals when that is longer. */
const MAX_SLOWED_MS = 15 * 60_000;

/** --max-add: a cap per pledge coin ("0.5BTC,5000DOGE"), or one bare amount for loans that all pledge one coin. */
export type MaxAdd = {perCoin: ReadonlyMap<string, string>} | {bare: string};

interface WatchTopUp {
	/** The LTVs (fractions) from which collateral is added, and which it aims at. */
	at: string;
	to: string;
	maxAdd: MaxAdd;
	/** The account's ledger, where every limit is decided. */
	ledger: TopUpLedger;
	/** Sends one top-up (the money pipeline, recorded before it leaves); `stopping` aborts once the watch stops.
	 * Undefined: only say what would be added (no --yes). */
	send?: (request: RevisePledgeRequest, loan: OngoingLoan, stopping: AbortSignal) => Promise<SendReport>;
}

export interface WatchSessionOptions {
	client: BitgetClient;
	/** Only these loans (--order); all when undefined. */
	orderIds?: readonly string[];
	intervalMs: number;
	/** The shortest wait between reads (the shortest --interval): a reminder's read never comes sooner. */
	minIntervalMs: number;
	repeatMs: number;
	thresholds: WatchThresholds;
	/** Read once, say every loan's level, top up if asked, and end. */
	once: boolean;
	topUp?: WatchTopUp;
	/** --warn-chance: P and how to start the chance's watch (operations/watch-chance.ts chanceWatchStarter); the caller
	 * loads it, so a watch without --warn-chance loads none of the candles and the chance's code. */
	chance?: ChanceWatchStarter;
	/** The live prices: the ticker stream's URL (undefined: the REST tickers only) and the --debug log. */
	prices: {url: string | undefined; debug?: (line: string) => void};
	clocks: {
		/** This machine's clock, for the top-up limits. */
		local: () => LocalInstant;
		/** The wait between reads (operations/watch-wait.ts by default). */
		wait?: typeof waitForNextRead;
	};
	sink: {
		/** An alert, for every channel. */
		alert(event: WatchEvent): void;
		/** A line about the watch itself (stderr in the command). */
		say(line: string): void;
	};
}

/** Why a session ended. `read-once`: the worst level of a --once read, or `unreadable` when the loans could not be read. */
export type WatchEnd =
	| {reason: 'stopped'; unknownTopUps: number}
	| {reason: 'read-once'; worst: Exclude<WatchLevel, 'closed'> | 'unreadable'; unknownTopUps: number}
	| {reason: 'refused'; message: string};

export interface WatchSession {
	/** Starts the first read (once; a second call does nothing). */
	start(): WatchSession;
	/** No new read or top-up starts; one under way runs to its answer. */
	stop(): void;
	/** True once stop() was called. */
	readonly stopping: boolean;
	/** Reads at once (or right after the read under way). */
	readNow(): void;
	/** Resolves when the session has ended (its price feed closed), with why; rejects on a failure of its own. */
	readonly ended: Promise<WatchEnd>;
}

/** A reason the options cannot watch these loans: the session ends refused. */
class Refusal extends Error {}

export function createWatchSession(options: WatchSessionOptions): WatchSession {
	const {client, sink} = options;
	const stop = new AbortController();
	let started = false;
	let resolveEnd!: (end: WatchEnd) => void;
	let rejectEnd!: (error: unknown) => void;
	const ended = new Promise<WatchEnd>((resolve, reject) => {
		resolveEnd = resolve;
		rejectEnd = reject;
	});
	// A read asked for during a read counts for the wait after it: it is never lost.
	let wakeWait: (() => void) | undefined;
	let readAsked = false;
	let runner: TopUpRunner | undefined;
	let closeFeed: (() => void) | undefined;

	const chance: ChanceWatch | undefined = options.chance?.start({alert: sink.alert, say: sink.say, signal: stop.signal});
	const read = (watching: readonly string[]) => readWatch(client, {...(options.orderIds ? {orderIds: options.orderIds} : {}), watching, signal: stop.signal});
	const unknownTopUps = () => runner?.unknownCount() ?? 0;

	const topUps = async (read: WatchRead) => {
		if (!runner || !read.ok) return;
		try {
			for (const event of await runner.afterRead(read)) sink.alert(event);
		} catch (error) {
			sink.say(`no top-up after this read: ${sanitize(failureText(error))}`);
		}
	};

	async function run(): Promise<WatchEnd> {
		const first = await read([]);
		let caps: ReadonlyMap<string, string> = new Map();
		try {
			if (first.ok) caps = refuseUnusable(first, options);
		} catch (error) {
			if (error instanceof Refusal) return {reason: 'refused', message: error.message};
			throw error;
		}
		const {topUp} = options;
		if (topUp) {
			const send = topUp.send;
			runner = createTopUpRunner({
				policy: {at: topUp.at, to: topUp.to, caps},
				ledger: topUp.ledger,
				...(send ? {send: (request: RevisePledgeRequest, loan: OngoingLoan) => send(request, loan, stop.signal)} : {}),
				settle: settlerFor(client),
				now: options.clocks.local,
				serverNow: () => client.clock.now(),
				stopping: () => stop.signal.aborted,
			});
		}
		if (options.chance) sink.say(chanceWatchLine(options.chance.threshold));
		if (options.once) {
			let worst = sayOnce(first, options.thresholds, sink.alert);
			// A chance at or past P counts as warn for the exit status (never lower): cron reads --warn-chance too.
			if (chance && first.ok) await chance.read(first.time, first.loans);
			if (chance && worst !== 'unreadable' && chance.passing() > 0 && severity(worst) < severity('warn')) worst = 'warn';
			await topUps(first);
			return {reason: 'read-once', worst, unknownTopUps: unknownTopUps()};
		}
		await watchLoop(first);
		return {reason: 'stopped', unknownTopUps: unknownTopUps()};
	}

	async function watchLoop(first: WatchRead): Promise<void> {
		const {intervalMs} = options;
		const wait = options.clocks.wait ?? waitForNextRead;
		const watcher = createWatcher({thresholds: options.thresholds, repeatMs: options.repeatMs});
		// Between reads the LTVs follow the live prices (projected); a top-up waits for a read (the server's LTV).
		const live = followPrices(options, watcher, chance);
		closeFeed = live.close;
		const deliver = async (read: WatchRead) => {
			// The read at the newest prices: one pushed while it was under way projects it at once (no flip back and forth).
			if (read.ok) live.readAt(read);
			const seen = read.ok ? live.project(read) : [];
			for (const event of watcher.observe(read.ok ? {...read, loans: seen} : read)) sink.alert(event);
			// The chance at the same prices; its histories are read in the background (a top-up never waits for them).
			if (read.ok) void chance?.read(read.time, seen);
			live.wake(read.time);
			await topUps(read);
		};
		await deliver(first);
		sink.say(
			`watching ${first.ok ? `${first.loans.length} loan${first.loans.length === 1 ? '' : 's'}` : 'your loans'} every ${intervalMs / 1000} s (${first.ok ? `worst: ${watcher.worst()}` : 'the first read failed'}); Ctrl+C stops`,
		);
		// After a 429 the reads slow down, doubling up to 15 minutes (or 4 intervals), until one is answered.
		let waitMs = intervalMs;
		while (!stop.signal.aborted) {
			if (!readAsked) {
				const due = waitBeforeRead(waitMs, intervalMs, options.minIntervalMs, watcher.reminderDue(), client.clock.now());
				await wait(due, stop.signal, (wake) => (wakeWait = wake));
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
			waitMs = next.ok || !next.rateLimited ? intervalMs : Math.min(waitMs * 2, Math.max(MAX_SLOWED_MS, intervalMs * 4));
			// Each failed read is said as it happens; the alert comes once the watch is blind.
			if (!next.ok)
				sink.say(
					`could not read your loans (${sanitize(next.problem)}); next try in ${waitMs / 1000} s${next.rateLimited ? ' (the server asked for fewer requests)' : ''}`,
				);
		}
	}

	const session: WatchSession = {
		start() {
			if (started) return session;
			started = true;
			run()
				.finally(() => closeFeed?.())
				.then(resolveEnd, rejectEnd);
			return session;
		},
		stop: () => stop.abort(),
		get stopping() {
			return stop.signal.aborted;
		},
		readNow() {
			readAsked = true;
			wakeWait?.();
		},
		ended,
	};
	return session;
}

/** The live prices of the pairs the last read priced its loans with (bounded: operations/watch-live.ts): each one
 * shown projects that read's LTVs. A projected change waiting for its dwell (a level's, or --warn-chance's) is
 * projected again when it falls due, in case no price comes after it. The feed's state changes (live, polling, down) are said. */
function followPrices(
	options: WatchSessionOptions,
	watcher: Watcher,
	chance: ChanceWatch | undefined,
): {
	sending(): void;
	readAt(read: Extract<WatchRead, {ok: true}>): void;
	project(read: Extract<WatchRead, {ok: true}>): LoanSeen[];
	wake(judgedAt: number): void;
	close(): void;
} {
	const {client, sink} = options;
	const feed = new PriceFeed({url: options.prices.url, client, ...(options.prices.debug ? {debug: options.prices.debug} : {})}).start();
	let last: Extract<WatchRead, {ok: true}> | undefined;
	let dwellTimer: NodeJS.Timeout | undefined;
	const projectNow = () => {
		if (!last) return;
		const time = client.clock.now();
		const seen = projectRead(last, live.tickers);
		for (const event of watcher.project(time, seen)) sink.alert(event);
		chance?.judge(time, seen);
		wake(time);
	};
	/** `judgedAt`: the time the watcher last judged the loans at (a projection's or a read's). */
	const wake = (judgedAt: number) => {
		clearTimeout(dwellTimer);
		const delay = projectAgainIn([watcher.projectionDue(), chance?.due()], judgedAt, client.clock.now());
		if (delay !== undefined) dwellTimer = setTimeout(projectNow, delay);
	};
	const live = new LiveTickers({
		confirm: async (symbol) => (await client.tickers(symbol)).records.find((ticker) => ticker.symbol === symbol),
		onChange: projectNow,
	});
	feed.onUpdate((update) => {
		if (live.take(update) === 'shown') projectNow();
	});
	feed.onStatus((change) => {
		const words = {
			connecting: undefined,
			live: 'prices: live from the ticker stream',
			polling: 'prices: read every 5 s (the ticker stream cannot be reached)',
			down: 'prices: not live',
		}[change.status];
		if (words) sink.say(`${words}${change.reason && change.status !== 'live' ? ` (${sanitize(change.reason)})` : ''}`);
	});
	return {
		sending: () => live.sending(),
		readAt(read) {
			last = read;
			live.landed(read.book);
			feed.setInstIds(
				liveSymbols(
					read.loans.map((seen) => seen.loan),
					read.book,
				),
			);
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
function refuseUnusable(
	read: Extract<WatchRead, {ok: true}>,
	options: Pick<WatchSessionOptions, 'orderIds' | 'topUp' | 'thresholds'>,
): ReadonlyMap<string, string> {
	const {topUp, thresholds} = options;
	const missing = (options.orderIds ?? []).filter((id) => !read.loans.some((seen) => seen.loan.orderId === id));
	if (missing.length > 0) throw new Refusal(`not among your ongoing loans: ${missing.join(', ')} (loan-tui loans lists them)`);
	for (const {loan} of read.loans) {
		if (topUp && new Big(topUp.at).gte(loan.forceRate)) {
			throw new Refusal(
				`--top-up-at ${ltvPercent(topUp.at)} is at or above the liquidation LTV of loan ${loan.orderId} (${ltvPercent(loan.forceRate)}): the top-up would come too late`,
			);
		}
		if (thresholds.warnLtv !== undefined && new Big(thresholds.warnLtv).gte(loan.forceRate)) {
			throw new Refusal(
				`--warn-ltv ${ltvPercent(thresholds.warnLtv)} is at or above the liquidation LTV of loan ${loan.orderId} (${ltvPercent(loan.forceRate)}): a warning must come first`,
			);
		}
	}
	return topUp
		? capsFor(
				topUp.maxAdd,
				read.loans.map((seen) => seen.loan),
			)
		: new Map();
}

/** The caps per coin for the loans watched: a bare --max-add only when they all pledge one coin, and a named cap for
 * every pledge coin watched (a loan without one would be left unguarded without a word). */
function capsFor(maxAdd: MaxAdd, loans: readonly OngoingLoan[]): ReadonlyMap<string, string> {
	const coins = [...new Set(loans.map((loan) => loan.pledgeCoin))].sort();
	if ('bare' in maxAdd) {
		if (coins.length > 1)
			throw new Refusal(
				`--max-add ${maxAdd.bare} names no coin, and the loans watched pledge ${coins.join(' and ')}: name the cap of each, like --max-add ${coins.map((coin) => `N${coin}`).join(',')}`,
			);
		return new Map(coins.map((coin) => [coin, maxAdd.bare]));
	}
	const missing = coins.filter((coin) => !maxAdd.perCoin.has(coin));
	if (missing.length > 0)
		throw new Refusal(
			`--max-add names no cap for ${missing.join(', ')}, pledged by loans watched: add one (like ${missing.map((coin) => `N${coin}`).join(',')}), or choose the loans with --order`,
		);
	return maxAdd.perCoin;
}

/** --once: every loan's level now (one alert each), and the worst; `unreadable` when the loans could not be read. */
function sayOnce(read: WatchRead, thresholds: WatchThresholds, alert: (event: WatchEvent) => void): Exclude<WatchLevel, 'closed'> | 'unreadable' {
	if (!read.ok) {
		alert({kind: 'blind', time: read.time, what: 'loans', problem: read.problem});
		return 'unreadable';
	}
	let worst: Exclude<WatchLevel, 'closed'> = 'ok';
	for (const seen of read.loans) {
		const level = watchLevel(seen.loan, seen.ltv, thresholds, seenFall(seen));
		if (severity(level) > severity(worst)) worst = level;
		const {loan, ...figures} = seen;
		alert({kind: 'level', time: read.time, orderId: loan.orderId, level, loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, ...figures});
	}
	if (read.pricesProblem !== undefined) alert({kind: 'blind', time: read.time, what: 'prices', problem: read.pricesProblem});
	return worst;
}
