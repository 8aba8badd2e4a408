// `loan-tui watch --warn-chance P`: an alert when a loan's chance of a margin call within 24 hours reaches P. The
// chance is the one model of every screen (operations/loan-chance.ts chanceFrom: the pair's realized volatility,
// today's price S, the margin-call price B), judged with every price the watch already evaluates — each read's, and
// each live price projected between reads (operations/watch-session.ts) — never a price read of its own.
//
// The horizon is the next 24 hours, not the loan's term: the watch runs for days, and "within a week" would stay high
// all week. A fixed loan that ends sooner is judged over what is left of it (a loan due in 5 h cannot be called in
// the hours after it is repaid); a flexible one, over the 24 h.
//
// Each pair's history is read once for the run and again each hour (the reader keeps it an hour: a read of the loans
// within the hour sends nothing). A pair without enough history is said once per loan, never guessed; a failed read is
// said and tried again an hour later, judging meanwhile with the history read before, if any. The alert is advice:
// it never tops up (the top-ups keep their LTV rules) and never changes a loan's level.
//
// Like the level alerts, one alert per crossing: once a loan has alerted, it alerts again only after its chance fell
// below REARM_SHARE of P (a price wobbling at the line is one alert), and a crossing seen through a live price
// (projected) alerts only once it has held for the level alerts' dwell (operations/watch.ts PROJECTED_DWELL_MS).
import {pairName} from '../format/chance-words.js';
import {sanitize} from '../format/sanitize.js';
import {loanHorizon, type LoanHorizon} from '../loans/chance.js';
import {chanceFrom, chanceJson} from './loan-chance.js';
import type {PriceHistory, PriceHistoryReader} from './price-history.js';
import {PROJECTED_DWELL_MS, seenFigures, type LoanSeen, type WatchEvent} from './watch.js';

const HOUR_MS = 3_600_000;
/** The question --warn-chance asks: a margin call within this long. */
const HORIZON_MS = 24 * HOUR_MS;
/** A failed read of a pair's history is tried again this much later (as a read that succeeded is renewed). */
const RETRY_MS = HOUR_MS;
/** Once alerted, a loan alerts again only after its chance fell below this share of P: at a chance near 10 % that is a
 * price about 0.4 % higher, like the level alerts' room of 0.5 LTV points (operations/watch.ts LEAVE_MARGIN). */
const REARM_SHARE = 0.8;

export interface ChanceWatchOptions {
	reader: PriceHistoryReader;
	/** P: a probability, 0 < P < 1. */
	threshold: number;
	alert(event: WatchEvent): void;
	say(line: string): void;
	/** Ends the reads under way (the watch stops). */
	signal: AbortSignal;
	/** This machine's clock, for the hour before a failed read is tried again (tests). */
	now?: () => number;
}

/** P and a way to start the chance's watch with the session's hooks (operations/watch-session.ts options.chance). */
export interface ChanceWatchStarter {
	threshold: number;
	start(hooks: Pick<ChanceWatchOptions, 'alert' | 'say' | 'signal'>): ChanceWatch;
}

/** --warn-chance P over `reader`'s histories (one reader for the run); `now`: this machine's clock (tests). */
export function chanceWatchStarter(reader: PriceHistoryReader, threshold: number, now?: () => number): ChanceWatchStarter {
	return {threshold, start: (hooks) => createChanceWatch({reader, threshold, ...(now ? {now} : {}), ...hooks})};
}

export interface ChanceWatch {
	/** A read of the loans (at the newest prices): reads the histories that are due, judges the loans with the ones
	 * held, and again as each read comes in. Resolves once the reads it started are in and judged (--once waits for it;
	 * a running watch does not). */
	read(time: number, loans: readonly LoanSeen[]): Promise<void>;
	/** A price evaluated between reads: the loans judged with the histories held. */
	judge(time: number, loans: readonly LoanSeen[]): void;
	/** How many loans are at or past P now. */
	passing(): number;
	/** When a projected chance at or past P has held for its dwell (the reads' clock): the caller judges again then, in
	 * case no price comes after it; undefined when none waits. */
	due(): number | undefined;
}

interface PairState {
	/** The last history read (a series, or no history); kept through a failed read. */
	history?: Exclude<PriceHistory, {status: 'unavailable'}>;
	inFlight?: Promise<void>;
	/** This machine's time of the last failed read. */
	failedAt?: number;
}

interface LoanState {
	/** Alerted, and not yet back below REARM_SHARE of P. */
	passed: boolean;
	/** Since when a projected price has held it at or past P (the reads' clock). */
	pendingSince?: number;
	/** The last time it was seen, and at what. */
	seen: LoanSeen;
	time: number;
}

/** The horizon of the question: 24 h, or less when a fixed term ends sooner (never flexible: no 30 days assumed). */
export function watchHorizon(expireTime: string | undefined, now: number): LoanHorizon {
	const term = loanHorizon(expireTime, now);
	return {horizonMs: term === undefined || term.flexible ? HORIZON_MS : Math.min(HORIZON_MS, term.horizonMs), flexible: false};
}

const pairOf = (seen: LoanSeen) => ({base: seen.loan.pledgeCoin, quote: seen.loan.loanCoin});
const keyOf = (pair: {base: string; quote: string}) => `${pair.base}/${pair.quote}`;

export function createChanceWatch(options: ChanceWatchOptions): ChanceWatch {
	const now = options.now ?? Date.now;
	const {threshold} = options;
	const pairs = new Map<string, PairState>();
	const loans = new Map<string, LoanState>();
	/** Loans whose missing history was said (once each). */
	const saidNoHistory = new Set<string>();

	const noHistory = (seen: LoanSeen, reason: string) => {
		if (saidNoHistory.has(seen.loan.orderId)) return;
		saidNoHistory.add(seen.loan.orderId);
		options.say(
			`loan ${seen.loan.orderId} ${sanitize(seen.loan.pledgeCoin)}/${sanitize(seen.loan.loanCoin)}: no price history for ${pairName(pairOf(seen))} (${sanitize(reason)}): --warn-chance cannot judge this loan`,
		);
	};

	const judgeOne = (time: number, seen: LoanSeen) => {
		const {orderId} = seen.loan;
		const state: LoanState = loans.get(orderId) ?? {passed: false, seen, time};
		loans.set(orderId, Object.assign(state, {seen, time}));
		const history = pairs.get(keyOf(pairOf(seen)))?.history;
		if (history === undefined) return;
		if (history.status === 'no history') return noHistory(seen, history.reason);
		// No price (the tickers could not be read): the level alerts say so; nothing to judge.
		if (seen.price === undefined || seen.marginCallPrice === undefined || seen.liquidationPrice === undefined) return;
		const horizon = watchHorizon(seen.loan.expireTime, time);
		const chance = chanceFrom(history, {price: seen.price, marginCallPrice: seen.marginCallPrice, liquidationPrice: seen.liquidationPrice, horizon});
		if (chance.status === 'no history') return noHistory(seen, chance.reason);
		if (chance.status !== 'ok') return;
		const probability = chance.marginCall.probability;
		if (state.passed) {
			if (probability < threshold * REARM_SHARE) state.passed = false;
			return;
		}
		if (probability < threshold) {
			state.pendingSince = undefined;
			return;
		}
		state.pendingSince ??= time;
		if (seen.projected && time - state.pendingSince < PROJECTED_DWELL_MS.worse) return;
		state.passed = true;
		state.pendingSince = undefined;
		// Reached: the level alert says the margin call itself; a chance of it is no news.
		if (chance.marginCall.reached) return;
		const figures = chanceJson(chance);
		options.alert({
			kind: 'chance',
			time,
			...seenFigures(seen),
			chance: {
				marginCallProbability: figures.marginCallProbability!,
				liquidationProbability: figures.liquidationProbability!,
				threshold,
				horizonHours: Number((horizon.horizonMs / HOUR_MS).toFixed(2)),
				volatility: figures.volatility!,
			},
		});
	};

	/** Never a failure of the watch: a figure the model refuses is said, and the loan is judged again at its next price. */
	const judgeSafely = (time: number, seen: LoanSeen) => {
		try {
			judgeOne(time, seen);
		} catch (error) {
			options.say(`--warn-chance could not judge loan ${seen.loan.orderId} at this price (${sanitize(String((error as Error).message ?? error))})`);
		}
	};
	const judge = (time: number, seen: readonly LoanSeen[]) => {
		for (const one of seen) judgeSafely(time, one);
	};

	/** Reads a pair's history when due; once in, the loans of that pair are judged again at their last price. */
	const refresh = (pair: {base: string; quote: string}): Promise<void> | undefined => {
		const key = keyOf(pair);
		const state = pairs.get(key) ?? {};
		pairs.set(key, state);
		if (state.inFlight || (state.failedAt !== undefined && now() - state.failedAt < RETRY_MS)) return state.inFlight;
		const reading = options.reader
			.read(pair.base, pair.quote, {signal: options.signal})
			.then((history) => {
				if (history.status === 'unavailable') {
					state.failedAt = now();
					options.say(
						`could not read the price history of ${pairName(pair)} (${sanitize(history.problem)}): --warn-chance tries again in an hour${state.history?.status === 'ok' ? ', judging with the one read before meanwhile' : ' and cannot judge its loans until then'}`,
					);
					return;
				}
				state.failedAt = undefined;
				state.history = history;
				for (const loan of loans.values()) if (keyOf(pairOf(loan.seen)) === key) judgeSafely(loan.time, loan.seen);
			})
			// Only the stop rejects a read (price-history.ts): nothing more to judge.
			.catch(() => undefined)
			.finally(() => (state.inFlight = undefined));
		state.inFlight = reading;
		return reading;
	};

	return {
		async read(time, seen) {
			judge(time, seen);
			const pending = new Map<string, Promise<void> | undefined>();
			for (const one of seen) if (!pending.has(keyOf(pairOf(one)))) pending.set(keyOf(pairOf(one)), refresh(pairOf(one)));
			await Promise.all(pending.values());
		},
		judge,
		passing: () => [...loans.values()].filter((loan) => loan.passed).length,
		due() {
			let due: number | undefined;
			for (const loan of loans.values()) {
				if (loan.passed || loan.pendingSince === undefined) continue;
				due = Math.min(due ?? Number.POSITIVE_INFINITY, loan.pendingSince + PROJECTED_DWELL_MS.worse);
			}
			return due;
		},
	};
}
