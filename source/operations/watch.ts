// The guardian's memory: what `loan-tui watch` last saw of each loan, and what deserves an alert. Framework-free and
// clock-free (every read carries its time), so a test steps it read by read.
//
// Alerts come on changes of level only (loans/watch-levels.ts), plus a reminder every `repeatMs` while a loan stays
// at margin-call or worse — never one per read. Not seeing is an alert too: loans unreadable for `blindReads` reads
// in a row, or prices for `blindPricesMs`; and seeing again is said once.
//
// A price that wobbles at a line must not become an alert per tick: a level is left for a less severe one only once
// the LTV is back below its line by more than LEAVE_MARGIN (reads and projections alike), and a change seen through a
// projected LTV (a live price, not a read) alerts only once it has held for its dwell, on the clock the reads and
// projections carry (no timer here). A read's own LTV is the truth and alerts at once.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {fallTo, type TickerBook} from '../loans/prices.js';
import {severity, watchLevel, type WatchLevel, type WatchThresholds} from '../loans/watch-levels.js';

/** One loan as a read found it: its LTV (read, or projected from a newer price), and its prices when known. */
export interface LoanSeen {
	loan: OngoingLoan;
	ltv: string;
	projected: boolean;
	/** The pledge coin in the loan coin, and the prices at which the LTV reaches the margin call and the liquidation. */
	price?: string;
	marginCallPrice?: string;
	liquidationPrice?: string;
}

/** How far the pledge coin may fall before the margin call, from the same figures as the margin-call price it is said
 * with (loans/prices.ts fallTo); undefined without a price (the level then counts it from the LTV). */
export function seenFall(seen: Pick<LoanSeen, 'price' | 'marginCallPrice'>): string | undefined {
	return seen.price === undefined || seen.marginCallPrice === undefined ? undefined : fallTo(seen.price, seen.marginCallPrice);
}

/** The figures every alert about a loan carries (watch.ts's level alerts, watch-chance.ts's chance alerts). */
export function seenFigures(seen: LoanSeen) {
	return {
		orderId: seen.loan.orderId,
		ltv: seen.ltv,
		projected: seen.projected,
		price: seen.price,
		marginCallPrice: seen.marginCallPrice,
		liquidationPrice: seen.liquidationPrice,
		loanCoin: seen.loan.loanCoin,
		pledgeCoin: seen.loan.pledgeCoin,
	};
}

/** How a watched loan left the ongoing list, from the histories (or not known). */
export type ClosedHow = 'repaid' | 'liquidated' | 'unknown';

export type WatchRead =
	/** `book`: the tickers read with the loans (the prices the LTVs were read at), for projections until the next read. */
	| {ok: true; time: number; loans: LoanSeen[]; closed: ReadonlyMap<string, ClosedHow>; pricesProblem?: string; book?: TickerBook}
	/** `rateLimited`: the server answered 429 (too many requests): the watch reads less often until it answers again. */
	| {ok: false; time: number; problem: string; rateLimited?: boolean};

/** What a top-up did (operations/top-up.ts): added, refused, unknown, only said (no --yes), not tried and why, or an
 * earlier unknown one settled by a check of the loan's history. */
interface TopUpReport {
	result: 'done' | 'refused' | 'unknown' | 'dry-run' | 'skipped' | 'settled';
	amount?: string;
	/** The LTV before, and after (the server's, or expected for a dry run). */
	ltvBefore?: string;
	ltvAfter?: string;
	/** The amount was cut to what --max-add leaves for 24 hours. */
	capped?: boolean;
	/** Why it was refused or skipped. */
	reason?: string;
}

/** --warn-chance (operations/watch-chance.ts): the chance of a margin call within the horizon, at or past the
 * threshold; probabilities and the volatility are fractions (0.1 is 10 %), as loans --json prints them. */
interface ChanceFigures {
	marginCallProbability: number;
	liquidationProbability: number;
	threshold: number;
	/** 24, or what is left of a fixed term that ends sooner. */
	horizonHours: number;
	/** The pair's annualized realized volatility of the last 30 days. */
	volatility: number;
}

export interface WatchEvent {
	kind: 'level' | 'reminder' | 'blind' | 'sees' | 'top-up' | 'chance';
	/** Epoch ms of the read. */
	time: number;
	orderId?: string;
	level?: WatchLevel;
	previous?: WatchLevel;
	ltv?: string;
	price?: string;
	marginCallPrice?: string;
	liquidationPrice?: string;
	projected?: boolean;
	/** For a closed loan: how it closed. */
	how?: ClosedHow;
	/** For blind and sees: what cannot be (or can again be) read. */
	what?: 'loans' | 'prices';
	/** What went wrong, for blind. */
	problem?: string;
	/** The loan's coins, for the words. */
	loanCoin?: string;
	pledgeCoin?: string;
	topUp?: TopUpReport;
	chance?: ChanceFigures;
}

export interface WatcherOptions {
	thresholds?: WatchThresholds;
	/** A reminder this often while a loan stays at margin-call or worse. */
	repeatMs: number;
	/** Reads in a row that fail before "cannot read the loans" is an alert. */
	blindReads?: number;
	/** How long prices may be unreadable before it is an alert. */
	blindPricesMs?: number;
}

/** A projected change of level waiting for its dwell. */
interface Pending {
	direction: 'worse' | 'better';
	/** The level it would alert now. */
	level: WatchLevel;
	/** Since when the loan has been seen on that side of its level (the clock of reads and projections). */
	since: number;
}

interface Watched {
	level: WatchLevel;
	/** When this loan last alerted (a level change or a reminder). */
	alertedAt: number;
	loanCoin: string;
	pledgeCoin: string;
	pending?: Pending;
}

const BLIND_READS = 3;
const BLIND_PRICES_MS = 120_000;

/** A level is left for a less severe one only when the LTV is more than this (a fraction: 0.5 points) below its
 * line. At a margin call of 80 % that is a price 0.6 % above the line: far more than a tick's noise (a pair wobbling
 * ±0.05 % moves the LTV by 0.04 points), and little enough that a real recovery is still said within a move of a
 * percent. */
export const LEAVE_MARGIN = '0.005';

/** How long a projected change must hold before it alerts. Worse: 3 s, ten or more ticks of a liquid pair (pushed
 * every 100–300 ms), so a single odd tick or a spike is not an alert, yet a fall is said within seconds, long before
 * the next read (every 60 s by default). Better: 10 s, since a recovery is news that can wait and an early "ok" that is
 * taken back costs trust. */
export const PROJECTED_DWELL_MS: Readonly<Record<Pending['direction'], number>> = {worse: 3_000, better: 10_000};

/** How long until the loans are projected again (ms), or undefined when they need not be: `dues` are when changes
 * waiting for their dwell fall due (Watcher.projectionDue(), --warn-chance's ChanceWatch.due()), `judgedAt` the time of
 * the projection or read that left them waiting, `now` the clock after it. A change not yet due when judged is always
 * projected again (at once when the clock passed its due while it was judged: a busy machine), else nothing would say
 * it when no price follows. One already due when judged (a loan back within LEAVE_MARGIN of the line it waits for)
 * waits for the next price, and never holds back another's timer. */
export function projectAgainIn(dues: ReadonlyArray<number | undefined>, judgedAt: number, now: number): number | undefined {
	let delay: number | undefined;
	for (const due of dues) if (due !== undefined && due > judgedAt) delay = Math.min(delay ?? Number.POSITIVE_INFINITY, Math.max(0, due - now));
	return delay;
}

export interface Watcher {
	observe(read: WatchRead): WatchEvent[];
	/** Between reads: the loans' LTVs projected from a newer price (L × P_read ÷ P_now). A change of level is an
	 * alert marked projected once it has held for PROJECTED_DWELL_MS (on `time`, the clock of the reads); blindness
	 * and closed loans are the reads' alone. Loans not given keep their level. */
	project(time: number, loans: LoanSeen[]): WatchEvent[];
	/** The order ids watched now (the reader asks the histories about the ones that leave). */
	watching(): string[];
	/** The worst level of the loans watched, or undefined before any read succeeded. */
	worst(): WatchLevel | undefined;
	/** When the next reminder falls due (the reads' clock), or undefined when no loan is at margin-call or worse. */
	reminderDue(): number | undefined;
	/** When a projected change waiting for its dwell can first alert (the reads' clock): the caller projects again
	 * then (a change is only said on a projection or a read), or undefined when none waits. */
	projectionDue(): number | undefined;
}

/** The level a loan at `level` is at with `ltv`: a worse one at once, a less severe one only once the LTV is more
 * than LEAVE_MARGIN below the line of the level it leaves (the level the LTV gives when counted that much higher). */
export function levelFrom(
	level: WatchLevel,
	loan: Pick<OngoingLoan, 'supRate' | 'forceRate'>,
	ltv: string,
	thresholds?: WatchThresholds,
	fallToCall?: string,
): WatchLevel {
	const plain = watchLevel(loan, ltv, thresholds, fallToCall);
	if (level === 'closed' || severity(plain) >= severity(level)) return plain;
	// The LTV counted LEAVE_MARGIN higher is, as a fall (1 − L / T), LEAVE_MARGIN ÷ T less of one.
	const fallWithMargin = fallToCall === undefined ? undefined : new Big(fallToCall).minus(new Big(LEAVE_MARGIN).div(loan.supRate)).toFixed();
	const withMargin = watchLevel(loan, new Big(ltv).plus(LEAVE_MARGIN).toFixed(), thresholds, fallWithMargin);
	return severity(withMargin) >= severity(level) ? level : withMargin;
}

export function createWatcher(options: WatcherOptions): Watcher {
	const blindReads = options.blindReads ?? BLIND_READS;
	const blindPricesMs = options.blindPricesMs ?? BLIND_PRICES_MS;
	const loans = new Map<string, Watched>();
	let seenOnce = false;
	let failedReads = 0;
	let loansBlind = false;
	let pricesFailingSince: number | undefined;
	let pricesBlind = false;

	/** `projection`: from project(), where even a loan at its read price is not a new read (no alert without dwell). */
	const observeLoans = (read: {time: number; loans: LoanSeen[]}, events: WatchEvent[], projection = false) => {
		for (const seen of read.loans) {
			const projected = projection || seen.projected;
			const before = loans.get(seen.loan.orderId);
			const fall = seenFall(seen);
			const level =
				before === undefined
					? watchLevel(seen.loan, seen.ltv, options.thresholds, fall)
					: levelFrom(before.level, seen.loan, seen.ltv, options.thresholds, fall);
			const figures = seenFigures(seen);
			// A loan first seen alerts only when it is not ok: the start says the rest.
			const changed = before === undefined ? level !== 'ok' : before.level !== level;
			if (changed && (before === undefined || !projected || dwelt(before, level, read.time))) {
				events.push({kind: 'level', time: read.time, level, ...(before ? {previous: before.level} : {}), ...figures});
				loans.set(seen.loan.orderId, {level, alertedAt: read.time, loanCoin: seen.loan.loanCoin, pledgeCoin: seen.loan.pledgeCoin});
				continue;
			}
			const watched = before ?? {level, alertedAt: read.time, loanCoin: seen.loan.loanCoin, pledgeCoin: seen.loan.pledgeCoin};
			if (!changed) keepOrDropPending(watched, seen, projected);
			if (severity(watched.level) >= severity('margin-call') && read.time - watched.alertedAt >= options.repeatMs) {
				events.push({kind: 'reminder', time: read.time, level: watched.level, ...figures});
				watched.alertedAt = read.time;
			}
			loans.set(seen.loan.orderId, watched);
		}
	};

	/** A projected change to `level`: true once the loan has been on that side of its level for the dwell; until then
	 * it waits (a worse change keeps its start while the level deepens, a turn the other way starts again). */
	const dwelt = (watched: Watched, level: WatchLevel, time: number): boolean => {
		const direction = severity(level) > severity(watched.level) ? 'worse' : 'better';
		if (watched.pending?.direction !== direction) watched.pending = {direction, level, since: time};
		watched.pending.level = level;
		return time - watched.pending.since >= PROJECTED_DWELL_MS[direction];
	};

	/** Seen at its own level again: a better change waiting is dropped; a worse one is kept while the LTV stays within
	 * LEAVE_MARGIN of the line it waits for (a wobble at the line), so the wobble cannot restart its dwell forever. */
	const keepOrDropPending = (watched: Watched, seen: LoanSeen, projected: boolean) => {
		const pending = watched.pending;
		if (pending === undefined) return;
		if (pending.direction === 'better' || !projected) {
			watched.pending = undefined;
			return;
		}
		const still = levelFrom(pending.level, seen.loan, seen.ltv, options.thresholds, seenFall(seen));
		if (severity(still) > severity(watched.level)) pending.level = still;
		else watched.pending = undefined;
	};

	const observeClosed = (read: Extract<WatchRead, {ok: true}>, events: WatchEvent[]) => {
		const present = new Set(read.loans.map((seen) => seen.loan.orderId));
		for (const [orderId, watched] of loans) {
			if (present.has(orderId) || watched.level === 'closed') continue;
			const how = read.closed.get(orderId) ?? 'unknown';
			events.push({
				kind: 'level',
				time: read.time,
				orderId,
				level: 'closed',
				previous: watched.level,
				how,
				loanCoin: watched.loanCoin,
				pledgeCoin: watched.pledgeCoin,
			});
			loans.set(orderId, {...watched, level: 'closed', alertedAt: read.time});
		}
	};

	return {
		observe(read) {
			const events: WatchEvent[] = [];
			if (!read.ok) {
				failedReads += 1;
				if (!loansBlind && failedReads >= blindReads) {
					loansBlind = true;
					events.push({kind: 'blind', time: read.time, what: 'loans', problem: read.problem});
				}
				return events;
			}
			failedReads = 0;
			if (loansBlind) {
				loansBlind = false;
				events.push({kind: 'sees', time: read.time, what: 'loans'});
			}
			if (read.pricesProblem === undefined) {
				pricesFailingSince = undefined;
				if (pricesBlind) {
					pricesBlind = false;
					events.push({kind: 'sees', time: read.time, what: 'prices'});
				}
			} else {
				pricesFailingSince ??= read.time;
				if (!pricesBlind && read.time - pricesFailingSince >= blindPricesMs) {
					pricesBlind = true;
					events.push({kind: 'blind', time: read.time, what: 'prices', problem: read.pricesProblem});
				}
			}
			observeLoans(read, events);
			observeClosed(read, events);
			seenOnce = true;
			return events;
		},
		project(time, seen) {
			const events: WatchEvent[] = [];
			// Only loans a read has seen and that are still open: a projection never opens or reopens one.
			observeLoans({time, loans: seen.filter((one) => loans.has(one.loan.orderId) && loans.get(one.loan.orderId)!.level !== 'closed')}, events, true);
			return events;
		},
		watching: () => [...loans].filter(([, watched]) => watched.level !== 'closed').map(([orderId]) => orderId),
		worst() {
			if (!seenOnce) return undefined;
			let worst: WatchLevel = 'ok';
			for (const watched of loans.values()) if (severity(watched.level) > severity(worst)) worst = watched.level;
			return worst;
		},
		reminderDue() {
			let due: number | undefined;
			for (const watched of loans.values()) {
				if (watched.level === 'closed' || severity(watched.level) < severity('margin-call')) continue;
				due = Math.min(due ?? Number.POSITIVE_INFINITY, watched.alertedAt + options.repeatMs);
			}
			return due;
		},
		projectionDue() {
			let due: number | undefined;
			for (const {level, pending} of loans.values()) {
				if (level === 'closed' || pending === undefined) continue;
				due = Math.min(due ?? Number.POSITIVE_INFINITY, pending.since + PROJECTED_DWELL_MS[pending.direction]);
			}
			return due;
		},
	};
}
