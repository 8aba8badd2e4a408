// Between two reads of the loans, their LTVs follow the live prices (operations/price-feed.ts): with the LTV `L` read
// at price `P_read`, the LTV at `P_now` is L × P_read ÷ P_now (loans/watch-levels.ts), marked projected until the next
// read corrects it. A loan's price is quoted from the same tickers as the read's (loans/prices.ts), with the live ones
// in their place. The watch (operations/watch-session.ts) and the Loans screen both project this way.
//
// A live price is a claim, a read is the truth, so the live prices are bounded (LiveTickers) before they project:
// - a read outranks every tick received before it (by this machine's clock: a tick's own `ts` is the sender's word);
// - a tick's `ts` is never later than this machine's now (a price "from the future" would look fresh forever);
// - a price that is not a plain positive decimal, or a tenth or ten times the read's, is dropped;
// - a stream price more than FAR_MOVE from the read's is held, not shown, until the REST tickers (asked once) or the
//   next read confirm it: a real crash is confirmed within a request, a bad tick never projects.
import Big from 'big.js';
import type {OngoingLoan} from '../api/loan-types.js';
import {PLAIN_DECIMAL, type Ticker} from '../api/types.js';
import {loanMarkPrices, pairPrice, type TickerBook} from '../loans/prices.js';
import {projectedLtv} from '../loans/watch-levels.js';
import type {PriceUpdate} from './price-feed.js';
import type {LoanSeen, WatchRead} from './watch.js';

/** A stream price further than this (a fraction: 20 %) from the read's is held until confirmed. No listed pair a loan
 * can be pledged in moves 20 % between two reads (a minute by default) but in a crash, which the REST tickers then
 * confirm within a request; a tick that far off is far likelier a bad one, and projecting it would raise (or hide) a
 * liquidation alert. */
export const FAR_MOVE = '0.2';
/** A price below a tenth or above ten times the read's is not a move but garbage: dropped, never asked about. */
const ABSURD_FACTOR = 10;
/** A held pair is asked of the REST tickers at most this often (the fallback poll's own pace: 5 s). */
const CONFIRM_EVERY_MS = 5_000;

/** What became of a live price: shown, held for a confirmation, or dropped. */
export type TickFate = 'shown' | 'held' | 'dropped';

interface Received {
	ticker: Ticker;
	source: PriceUpdate['source'];
	/** This machine's clock when it came. */
	receivedAt: number;
}

export interface LiveTickersOptions {
	/** This machine's clock (epoch ms). */
	now?: () => number;
	/** One pair's price from the REST tickers, asked when a stream price is held; undefined: only a read confirms. */
	confirm?: (symbol: string) => Promise<Pick<Ticker, 'lastPr' | 'ts'> | undefined>;
	/** The tickers changed outside take() (a confirmation came back). */
	onChange?: () => void;
}

/** The live prices that may project the last read: bounded as the top of this file says. */
export class LiveTickers {
	private book: TickerBook | undefined;
	/** Prices the REST tickers gave since the read: the reference for the stream's in place of the read's. */
	private readonly confirmed = new Map<string, string>();
	private readonly shown = new Map<string, Received>();
	private readonly held = new Map<string, Received>();
	private readonly askedAt = new Map<string, number>();
	/** Ticks received before this are older than the read's prices. */
	private since = Number.NEGATIVE_INFINITY;
	private sentAt: number | undefined;
	private view: ReadonlyMap<string, Ticker> = new Map();
	private closed = false;
	private readonly now: () => number;

	constructor(private readonly options: LiveTickersOptions = {}) {
		this.now = options.now ?? Date.now;
	}

	/** The prices shown: a new map after every change (a screen compares by identity). */
	get tickers(): ReadonlyMap<string, Ticker> {
		return this.view;
	}

	/** The read whose prices the live ones are measured against. */
	get anchoredTo(): TickerBook | undefined {
		return this.book;
	}

	/** A read is being sent: a tick received from now on may be newer than its prices, so it is kept when it lands. */
	sending(): void {
		this.sentAt = this.now();
	}

	/** A read's prices are in: every tick received before it was sent (`sentAt`, or as said by sending(), or now when
	 * neither) no longer counts; the ones after are measured against its prices again. */
	landed(book: TickerBook | undefined, sentAt?: number): void {
		this.book = book;
		this.since = sentAt ?? this.sentAt ?? this.now();
		this.sentAt = undefined;
		this.confirmed.clear();
		const after = [...this.shown.values(), ...this.held.values()]
			.filter((received) => received.receivedAt >= this.since)
			.sort((a, b) => a.receivedAt - b.receivedAt);
		this.shown.clear();
		this.held.clear();
		for (const received of after) this.place(received);
		this.publish();
	}

	/** A price from the feed, received now. */
	take(update: PriceUpdate): TickFate {
		const now = this.now();
		const ts = Number(update.ts);
		// Never later than now: a far-future `ts` cannot make a price look newer than anything that follows.
		const ticker = {symbol: update.instId, lastPr: update.lastPr, ts: Number.isFinite(ts) && ts <= now ? update.ts : String(now)};
		const fate = this.place({ticker, source: update.source, receivedAt: now});
		this.publish();
		if (fate === 'held') this.askAbout(update.instId, now);
		return fate;
	}

	close(): void {
		this.closed = true;
	}

	private place(received: Received): TickFate {
		const {symbol, lastPr} = received.ticker;
		const reference = this.confirmed.get(symbol) ?? this.book?.get(symbol)?.lastPr;
		if (!PLAIN_DECIMAL.test(lastPr) || reference === undefined || !PLAIN_DECIMAL.test(reference) || new Big(reference).lte(0)) return 'dropped';
		const price = new Big(lastPr);
		if (price.lte(0)) return 'dropped';
		const ratio = price.div(reference);
		if (received.source === 'poll') {
			// The REST tickers are what a read reads: their price is the reference from now on, and settles a held one.
			this.confirmed.set(symbol, lastPr);
			this.held.delete(symbol);
			this.shown.set(symbol, received);
			return 'shown';
		}
		if (ratio.lt(new Big(1).div(ABSURD_FACTOR)) || ratio.gt(ABSURD_FACTOR)) return 'dropped';
		if (ratio.minus(1).abs().gt(FAR_MOVE)) {
			this.held.set(symbol, received);
			return 'held';
		}
		this.held.delete(symbol);
		this.shown.set(symbol, received);
		return 'shown';
	}

	private publish(): void {
		const next = new Map([...this.shown].map(([symbol, received]) => [symbol, received.ticker]));
		const same = next.size === this.view.size && [...next].every(([symbol, ticker]) => this.view.get(symbol) === ticker);
		if (!same) this.view = next;
	}

	/** One REST request per held pair at most every CONFIRM_EVERY_MS; its answer is taken as a poll's. */
	private askAbout(symbol: string, now: number): void {
		const confirm = this.options.confirm;
		const asked = this.askedAt.get(symbol);
		if (confirm === undefined || (asked !== undefined && now - asked < CONFIRM_EVERY_MS)) return;
		this.askedAt.set(symbol, now);
		confirm(symbol).then(
			(answer) => {
				if (this.closed || answer === undefined) return;
				const before = this.view;
				this.take({instId: symbol, lastPr: answer.lastPr, ts: answer.ts, source: 'poll'});
				if (this.view !== before) this.options.onChange?.();
			},
			// Unanswered: the held price stays held; the next read tells.
			() => undefined,
		);
	}
}

type ReadWithBook = Extract<WatchRead, {ok: true}>;

/** The tickers the loans' prices are quoted from: the ones to follow live. */
export function liveSymbols(loans: ReadonlyArray<Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin'>>, book: TickerBook | undefined): string[] {
	if (!book) return [];
	const symbols = new Set<string>();
	for (const loan of loans) for (const symbol of pairPrice(book, loan.pledgeCoin, loan.loanCoin)?.symbols ?? []) symbols.add(symbol);
	return [...symbols].sort();
}

/** The read's tickers with the live ones in their place: LiveTickers shows only those received since the read. */
function withLive(book: TickerBook, live: ReadonlyMap<string, Ticker>): TickerBook {
	const merged = new Map(book);
	for (const [symbol, ticker] of live) if (merged.has(symbol)) merged.set(symbol, ticker);
	return merged;
}

/** A loan's LTV at the live price, or undefined when no price moved (or none is known). */
function liveLtv(
	loan: Pick<OngoingLoan, 'pledgeCoin' | 'loanCoin' | 'pledgeRate'>,
	book: TickerBook,
	live: TickerBook,
	places?: number,
): {ltv: string; price: string} | undefined {
	const read = pairPrice(book, loan.pledgeCoin, loan.loanCoin);
	const now = pairPrice(live, loan.pledgeCoin, loan.loanCoin);
	if (read === undefined || now === undefined || read.price === now.price) return undefined;
	return {ltv: projectedLtv(loan.pledgeRate, read.price, now.price, places), price: now.price};
}

/** The read's loans at the live prices: each LTV projected, with its margin-call and liquidation prices (the read's:
 * owed ÷ (collateral × T)). */
export function projectRead(read: ReadWithBook, live: ReadonlyMap<string, Ticker>): LoanSeen[] {
	if (!read.book) return read.loans;
	const book = read.book;
	const merged = withLive(book, live);
	return read.loans.map((seen) => {
		const moved = liveLtv(seen.loan, book, merged);
		if (moved === undefined) return seen;
		// The marks from the loan's own figures, as the read's (loans/prices.ts loanMarkPrices): one formula, and they do
		// not move with the price while the debt and the collateral hold.
		const marks = loanMarkPrices(seen.loan, moved.price);
		return {
			loan: seen.loan,
			ltv: moved.ltv,
			projected: true,
			price: moved.price,
			marginCallPrice: marks.marginCallPrice,
			liquidationPrice: marks.liquidationPrice,
		};
	});
}

/** The loans at the live prices, for a screen: each moved loan's LTV projected (its `pledgeRate` replaced), the ids
 * of those projected, and the tickers to quote prices from (the read's, with the newer live ones). */
export function projectLoans<L extends OngoingLoan>(
	loans: readonly L[],
	book: TickerBook | undefined,
	live: ReadonlyMap<string, Ticker>,
): {loans: L[]; projected: ReadonlySet<string>; book: TickerBook | undefined} {
	if (!book || live.size === 0) return {loans: [...loans], projected: new Set(), book};
	const merged = withLive(book, live);
	const projected = new Set<string>();
	const shown = loans.map((loan) => {
		// Precise: the screen's levels and gauge read it (its mark prices come from the loan's own figures, not from it).
		const moved = liveLtv(loan, book, merged, 12);
		if (moved === undefined) return loan;
		projected.add(loan.orderId);
		return {...loan, pledgeRate: moved.ltv};
	});
	return {loans: shown, projected, book: merged};
}
