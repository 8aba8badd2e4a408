// The simulated loan desk's state: ongoing loans per account, the four histories, a simulated hour clock for
// interest and price overrides that push a loan over its margin-call and liquidation LTVs. Amounts are big.js;
// nothing passes through a JS float. Ratios here are fractions; loans.ts turns them into the wire's percentages.
//
// Interest is charged per STARTED hour, as Bitget does (reference D.2, E: a full hour 434 s after borrowing): the
// first hour at borrow time, each further hour the moment it starts — on the principal owed then. So a loan's
// interest, once charged up to now, is loanAmount × hourRate × max(1, ceil(elapsed hours)) while nothing is repaid.
// Elapsed time is on the desk's hour clock: the server clock plus the hours `advanceHours` moved it (the demo's
// `hourEveryMs`). Every read (ongoing orders, debts, repay, liquidation) charges the hours started first.
import Big from 'big.js';
import type {RepayResult} from '../api/loan-types.js';
import type {Period} from '../api/types.js';
import {COINS, PLEDGEABLE} from './coins.js';
import {formatDecimal} from './decimal.js';
import {loanAmountFor, pledgeAmountFor} from './estimate.js';

export const MARGIN_CALL_LTV = '0.8';
export const LIQUIDATION_LTV = '0.9';
/** Liquidation fee, a fraction of the debt, paid in the loan coin. */
const LIQUIDATION_FEE = '0.01';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The demo's new listing: a pledgeable coin (coins.ts) whose candles reach back only this far, so a loan against it
 * shows "no history" (simulator/candles.ts). */
const NEW_LISTINGS: ReadonlyMap<string, number> = new Map([['TON', 5 * DAY_MS]]);

export interface SimLoan {
	orderId: string;
	apiKey: string;
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	hourRate: string;
	/** Principal still owed. */
	loanAmount: Big;
	/** Interest charged and not yet paid. */
	interest: Big;
	/** Hours charged so far (the first at borrow time). */
	hoursCharged: number;
	/** The desk's hour clock at borrow time: hours start from here. */
	hourClockAtBorrow: number;
	pledgeAmount: Big;
	initLoanAmount: string;
	initPledgeAmount: string;
	borrowTime: number;
	/** 0 for FLEXIBLE. */
	expireTime: number;
	/** ongoing, or how it ended: REPAY (repaid), FORCE (liquidated), or ROLLBACK (the borrow failed: no loan ever
	 * existed, nothing is owed or pledged; reference Part D.2). */
	status: 'ongoing' | 'REPAY' | 'FORCE' | 'ROLLBACK';
}

/** A repayment as the book keeps it: the repay answer's figures, with its key, order and time. */
export interface SimRepayRecord extends RepayResult {
	apiKey: string;
	orderId: string;
	repayTime: number;
}

export interface SimReviseRecord {
	apiKey: string;
	orderId: string;
	loanCoin: string;
	pledgeCoin: string;
	reviseTime: number;
	reviseSide: 'down' | 'up';
	reviseAmount: string;
	beforePledgeRate: Big;
	afterPledgeRate: Big;
}

export interface SimReduceRecord {
	apiKey: string;
	orderId: string;
	loanCoin: string;
	pledgeCoin: string;
	reduceTime: number;
	pledgeRate: Big;
	pledgePrice: string;
	status: 'COMPLETE';
	pledgeAmount: string;
	reduceFee: string;
	residueAmount: string;
	runlockAmount: string;
	repayLoanAmount: string;
}

/** What tests and the demo can do to the desk (exposed as `simulator.loans`). */
export interface LoanDesk {
	/** Moves the desk's hour clock: every ongoing loan is charged each hour that starts; liquidations follow. */
	advanceHours(hours: number): void;
	/** Sets a coin's USDT price; loans at or above the liquidation LTV are liquidated at once. */
	setPrice(coin: string, usdtPrice: string): void;
	/** A coin's current USDT price. */
	price(coin: string): string;
	/** Leaves every pair of `coin` out of the tickers (true), or serves them again (false): a coin with no price. The
	 * desk still values its loans. */
	hideTickers(coin: string, hidden: boolean): void;
	/** Pushed tickers' timestamps (their own update time) are this many ms behind the server clock (a stale price); 0
	 * by default. The REST tickers' ts is always the answer's time (reference D.4). */
	setTickerAge(ms: number): void;
	/** When `coin` was listed: its pairs have candles from then on only (a new listing has no long history). undefined:
	 * listed long ago. By default TON was listed five days before the first time this is asked (after a reset too). */
	listedAt(coin: string): number | undefined;
	/** Lists `coin` at `at` (epoch ms), or long ago (undefined); reset() restores the default. */
	setListedAt(coin: string, at: number | undefined): void;
	/** Current LTV (fraction) of an order, interest included. */
	ltv(orderId: string): string;
	/** Every loan ever opened, ended ones and failed borrows (ROLLBACK) included (read-only view for tests). */
	readonly all: readonly SimLoan[];
	readonly repays: readonly SimRepayRecord[];
	readonly revises: readonly SimReviseRecord[];
	readonly reduces: readonly SimReduceRecord[];
}

export type DeskRefusal = {ok: false; code: string; msg: string};

/** A borrow as the desk receives it: exactly one of the amounts is given. */
export interface BookOrder {
	orderId: string;
	apiKey: string;
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	pledgeAmount?: string;
	loanAmount?: string;
}

export class LoanBook implements LoanDesk {
	readonly all: SimLoan[] = [];
	readonly repays: SimRepayRecord[] = [];
	readonly revises: SimReviseRecord[] = [];
	readonly reduces: SimReduceRecord[] = [];
	private prices = new Map<string, string>();
	readonly hiddenTickers = new Set<string>();
	tickerAgeMs = 0;
	/** Listing times set, or fixed at the first ask (NEW_LISTINGS); undefined: listed long ago. */
	private readonly listings = new Map<string, number | undefined>();
	/** How far `advanceHours` moved the hour clock ahead of the server clock. */
	private hourShiftMs = 0;
	/** Told after every price change (the ticker stream pushes the pairs that moved: ticker-stream.ts). */
	private readonly priceListeners = new Set<() => void>();

	/** The coins the desk takes as collateral (coinInfos' pledgeInfos): the ten of coins.ts unless the server was
	 * started with others (the bench's plan of thirty pledge coins). */
	constructor(
		private readonly now: () => number,
		readonly pledgeCoins: readonly string[] = PLEDGEABLE,
	) {}

	onPricesChanged(listener: () => void): () => void {
		this.priceListeners.add(listener);
		return () => this.priceListeners.delete(listener);
	}

	private pricesChanged(): void {
		for (const listener of this.priceListeners) listener();
	}

	price(coin: string): string {
		const price = this.prices.get(coin) ?? COINS.get(coin)?.price;
		if (price === undefined) throw new Error(`unknown coin ${coin}`);
		return price;
	}

	setPrice(coin: string, usdtPrice: string): void {
		this.setPrices(new Map([[coin, usdtPrice]]));
	}

	/** Several prices at once (the demo's drift: price-drift.ts): liquidations and listeners once, after all of them. */
	setPrices(usdtPrices: ReadonlyMap<string, string>): void {
		for (const [coin, usdtPrice] of usdtPrices) {
			if (!COINS.has(coin)) throw new Error(`unknown coin ${coin}`);
			if (!new Big(usdtPrice).gt(0)) throw new Error('a price must be positive');
		}
		for (const [coin, usdtPrice] of usdtPrices) this.prices.set(coin, usdtPrice);
		this.liquidateDue();
		this.pricesChanged();
	}

	hideTickers(coin: string, hidden: boolean): void {
		if (hidden) this.hiddenTickers.add(coin);
		else this.hiddenTickers.delete(coin);
	}

	listedAt(coin: string): number | undefined {
		if (!this.listings.has(coin)) {
			const age = NEW_LISTINGS.get(coin);
			if (age === undefined) return undefined;
			this.listings.set(coin, this.now() - age);
		}
		return this.listings.get(coin);
	}

	setListedAt(coin: string, at: number | undefined): void {
		this.listings.set(coin, at);
	}

	setTickerAge(ms: number): void {
		this.tickerAgeMs = ms;
	}

	advanceHours(hours: number): void {
		if (!Number.isInteger(hours) || hours < 0) throw new Error('hours must be a whole number ≥ 0');
		this.chargeStartedHours();
		this.hourShiftMs += hours * HOUR_MS;
		this.chargeStartedHours();
		this.liquidateDue();
	}

	/** The desk's hour clock: the server clock, moved on by `advanceHours`. */
	private hourClock(): number {
		return this.now() + this.hourShiftMs;
	}

	/** Hours started since a loan was borrowed: at least the first, charged at borrow time. */
	private hoursStarted(loan: SimLoan): number {
		return Math.max(1, Math.ceil((this.hourClock() - loan.hourClockAtBorrow) / HOUR_MS));
	}

	/** Charges every ongoing loan the hours that have started since it was last charged; true when any was. */
	private chargeStartedHours(): boolean {
		let charged = false;
		for (const loan of this.all) {
			if (loan.status !== 'ongoing') continue;
			const started = this.hoursStarted(loan);
			if (started <= loan.hoursCharged) continue;
			loan.interest = loan.interest.plus(loan.loanAmount.times(loan.hourRate).times(started - loan.hoursCharged));
			loan.hoursCharged = started;
			charged = true;
		}
		return charged;
	}

	/** Brings every loan's interest up to now, and liquidates what that pushed over its liquidation LTV. */
	private accrue(): void {
		if (this.chargeStartedHours()) this.liquidateDue();
	}

	ltv(orderId: string): string {
		this.accrue();
		const loan = this.find(orderId);
		if (!loan) throw new Error(`no order ${orderId}`);
		return formatDecimal(this.ltvOf(loan), 8, Big.roundHalfUp);
	}

	ltvOf(loan: SimLoan, pledgeAmount: Big = loan.pledgeAmount): Big {
		const debt = loan.loanAmount.plus(loan.interest).times(this.price(loan.loanCoin));
		if (pledgeAmount.lte(0)) return new Big(999);
		return debt.div(pledgeAmount.times(this.price(loan.pledgeCoin)));
	}

	ongoing(apiKey?: string): SimLoan[] {
		this.accrue();
		return this.all.filter((loan) => loan.status === 'ongoing' && (apiKey === undefined || loan.apiKey === apiKey));
	}

	find(orderId: string, apiKey?: string): SimLoan | undefined {
		this.accrue();
		return this.all.find((loan) => loan.orderId === orderId && (apiKey === undefined || loan.apiKey === apiKey));
	}

	/** Opens a loan from an accepted borrow; exactly one of the amounts is given, the other follows from the LTV. Its
	 * first hour is charged at once; a loan opened in the past (the demo's) is charged every hour started since. */
	open(order: BookOrder, at = this.now()): SimLoan {
		this.accrue();
		const loan = this.entry(order, at, 'ongoing');
		loan.interest = loan.loanAmount.times(loan.hourRate);
		loan.hoursCharged = 1;
		this.all.push(loan);
		this.accrue();
		return loan;
	}

	/** Records a borrow the desk turned down (balance, pledge minimum) as Bitget's borrow history does: an order of
	 * its own with status ROLLBACK, the amounts asked for, and no loan (nothing ongoing, owed or pledged). */
	rollback(order: BookOrder, at = this.now()): SimLoan {
		const loan = this.entry(order, at, 'ROLLBACK');
		loan.loanAmount = new Big(0);
		loan.pledgeAmount = new Big(0);
		this.all.push(loan);
		return loan;
	}

	private entry(order: BookOrder, at: number, status: SimLoan['status']): SimLoan {
		const {loanCoin, pledgeCoin, daily} = order;
		const price = (coin: string) => this.price(coin);
		const loanAmount = order.loanAmount !== undefined ? new Big(order.loanAmount) : loanAmountFor(loanCoin, pledgeCoin, daily, order.pledgeAmount!, price);
		const pledgeAmount =
			order.pledgeAmount !== undefined ? new Big(order.pledgeAmount) : pledgeAmountFor(loanCoin, pledgeCoin, daily, order.loanAmount!, price);
		const loan: SimLoan = {
			orderId: order.orderId,
			apiKey: order.apiKey,
			loanCoin,
			pledgeCoin,
			daily,
			hourRate: COINS.get(loanCoin)!.hourlyRate[daily],
			loanAmount,
			interest: new Big(0),
			hoursCharged: 0,
			hourClockAtBorrow: at + this.hourShiftMs,
			pledgeAmount,
			initLoanAmount: formatDecimal(loanAmount, 8, Big.roundDown),
			initPledgeAmount: formatDecimal(pledgeAmount, 8, Big.roundUp),
			borrowTime: at,
			expireTime: daily === 'FLEXIBLE' ? 0 : at + (daily === 'SEVEN' ? 7 : 30) * DAY_MS,
			status,
		};
		return loan;
	}

	/** Repays all, or `amount` (interest first, then principal). With `unlock`, a partial repayment releases collateral in proportion. */
	repay(apiKey: string, orderId: string, all: boolean, amount: string | undefined, unlock: boolean): SimRepayRecord | DeskRefusal {
		const loan = this.find(orderId, apiKey);
		if (!loan || loan.status !== 'ongoing') return {ok: false, code: '40020', msg: 'Parameter orderId error'};
		const debt = loan.loanAmount.plus(loan.interest);
		let paid = all ? debt : new Big(amount!);
		if (paid.gt(debt)) return {ok: false, code: '40020', msg: 'Parameter amount error'};
		const full = paid.eq(debt);
		const payInterest = paid.lt(loan.interest) ? paid : loan.interest;
		const principal = paid.minus(payInterest);
		let released: Big;
		if (full) released = loan.pledgeAmount;
		else if (unlock && loan.loanAmount.gt(0)) released = loan.pledgeAmount.times(principal).div(loan.loanAmount).round(8, Big.roundDown);
		else released = new Big(0);
		loan.interest = loan.interest.minus(payInterest);
		loan.loanAmount = loan.loanAmount.minus(principal);
		loan.pledgeAmount = loan.pledgeAmount.minus(released);
		if (full) loan.status = 'REPAY';
		paid = payInterest.plus(principal);
		return this.recordRepay(apiKey, orderId, loan, {paid, payInterest, principal, released});
	}

	/** v3's repay by collateral: all, or `amount` of the loan coin (interest first, then principal), paid by selling the
	 * pledge coin at the loan's price (pledge in loan coin). Closing the loan releases the rest of the collateral; a
	 * partial repayment releases nothing. Refused, changing nothing, when the collateral does not cover the payment. */
	repayFromCollateral(apiKey: string, orderId: string, all: boolean, amount: string | undefined): SimRepayRecord | DeskRefusal {
		const loan = this.find(orderId, apiKey);
		if (!loan || loan.status !== 'ongoing') return {ok: false, code: '40020', msg: 'Parameter orderId error'};
		const debt = loan.loanAmount.plus(loan.interest);
		const paid = all ? debt : new Big(amount!);
		if (paid.gt(debt)) return {ok: false, code: '40020', msg: 'Parameter amount error'};
		const pledgePrice = new Big(this.price(loan.pledgeCoin)).div(this.price(loan.loanCoin));
		const sold = paid.div(pledgePrice).round(8, Big.roundUp);
		if (sold.gt(loan.pledgeAmount)) return {ok: false, code: '43012', msg: 'Insufficient balance'};
		const full = paid.eq(debt);
		const payInterest = paid.lt(loan.interest) ? paid : loan.interest;
		const principal = paid.minus(payInterest);
		const released = full ? loan.pledgeAmount.minus(sold) : new Big(0);
		loan.interest = loan.interest.minus(payInterest);
		loan.loanAmount = loan.loanAmount.minus(principal);
		loan.pledgeAmount = loan.pledgeAmount.minus(sold).minus(released);
		if (full) loan.status = 'REPAY';
		return this.recordRepay(apiKey, orderId, loan, {paid, payInterest, principal, released});
	}

	/** A repayment as the repay history keeps it (both ways of paying). */
	private recordRepay(
		apiKey: string,
		orderId: string,
		loan: {loanCoin: string; pledgeCoin: string},
		amounts: {paid: Big; payInterest: Big; principal: Big; released: Big},
	): SimRepayRecord {
		const record: SimRepayRecord = {
			apiKey,
			orderId,
			loanCoin: loan.loanCoin,
			pledgeCoin: loan.pledgeCoin,
			repayAmount: formatDecimal(amounts.paid, 8, Big.roundHalfUp),
			payInterest: formatDecimal(amounts.payInterest, 8, Big.roundHalfUp),
			repayLoanAmount: formatDecimal(amounts.principal, 8, Big.roundHalfUp),
			repayUnlockAmount: formatDecimal(amounts.released, 8, Big.roundDown),
			repayTime: this.now(),
		};
		this.repays.push(record);
		return record;
	}

	/** IN adds collateral; OUT withdraws it, refused when the LTV would reach the margin-call LTV. */
	revise(apiKey: string, orderId: string, pledgeCoin: string, type: 'IN' | 'OUT', amount: string): SimReviseRecord | DeskRefusal {
		const loan = this.find(orderId, apiKey);
		if (!loan || loan.status !== 'ongoing') return {ok: false, code: '40020', msg: 'Parameter orderId error'};
		if (loan.pledgeCoin !== pledgeCoin) return {ok: false, code: '40020', msg: 'Parameter pledgeCoin error'};
		const change = new Big(amount);
		const before = this.ltvOf(loan);
		const after = type === 'IN' ? loan.pledgeAmount.plus(change) : loan.pledgeAmount.minus(change);
		if (type === 'OUT' && (after.lte(0) || this.ltvOf(loan, after).gte(MARGIN_CALL_LTV))) {
			return {ok: false, code: '40020', msg: 'Parameter amount error'};
		}
		loan.pledgeAmount = after;
		const record: SimReviseRecord = {
			apiKey,
			orderId,
			loanCoin: loan.loanCoin,
			pledgeCoin,
			reviseTime: this.now(),
			reviseSide: type === 'IN' ? 'down' : 'up',
			reviseAmount: formatDecimal(change, 8, Big.roundHalfUp),
			beforePledgeRate: before,
			afterPledgeRate: this.ltvOf(loan),
		};
		this.revises.push(record);
		return record;
	}

	/** Every ongoing loan at or above its liquidation LTV is closed: pledge sold for the debt and a fee, the rest released. */
	private liquidateDue(): void {
		for (const loan of this.ongoing()) {
			const ltv = this.ltvOf(loan);
			if (ltv.lt(LIQUIDATION_LTV)) continue;
			const debt = loan.loanAmount.plus(loan.interest);
			const fee = debt.times(LIQUIDATION_FEE);
			const pledgePrice = new Big(this.price(loan.pledgeCoin)).div(this.price(loan.loanCoin));
			let sold = debt.plus(fee).div(pledgePrice).round(8, Big.roundUp);
			if (sold.gt(loan.pledgeAmount)) sold = loan.pledgeAmount;
			const residue = loan.pledgeAmount.minus(sold);
			this.reduces.push({
				apiKey: loan.apiKey,
				orderId: loan.orderId,
				loanCoin: loan.loanCoin,
				pledgeCoin: loan.pledgeCoin,
				reduceTime: this.now(),
				pledgeRate: ltv,
				pledgePrice: formatDecimal(pledgePrice, 8, Big.roundHalfUp),
				status: 'COMPLETE',
				pledgeAmount: formatDecimal(sold, 8, Big.roundHalfUp),
				reduceFee: formatDecimal(fee, 8, Big.roundHalfUp),
				residueAmount: formatDecimal(residue, 8, Big.roundHalfUp),
				runlockAmount: formatDecimal(residue, 8, Big.roundHalfUp),
				repayLoanAmount: formatDecimal(debt, 8, Big.roundHalfUp),
			});
			loan.status = 'FORCE';
			loan.pledgeAmount = new Big(0);
		}
	}

	/** The demo's loans for one account: a calm one and one close to its margin call, both with some interest. Each
	 * was borrowed half an hour past a whole number of hours ago (47.5 and 4.5), so they are charged 48 and 5 hours
	 * and their next hour is half an hour away, never at the moment they are first read. */
	seedDemo(apiKey: string, takeId: () => string): void {
		const now = this.now();
		this.open({orderId: takeId(), apiKey, loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.5'}, now - 2 * DAY_MS + HOUR_MS / 2);
		// 20 ETH at 1545 is 30,900 USDT; 23,400 USDT borrowed puts the LTV near 0.76, under the 0.8 margin call.
		const tight = this.open(
			{orderId: takeId(), apiKey, loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', loanAmount: '23400'},
			now - 5 * HOUR_MS + HOUR_MS / 2,
		);
		tight.pledgeAmount = new Big('20');
		tight.initPledgeAmount = '20';
	}

	reset(): void {
		this.all.length = 0;
		this.repays.length = 0;
		this.revises.length = 0;
		this.reduces.length = 0;
		this.prices.clear();
		this.hiddenTickers.clear();
		this.listings.clear();
		this.tickerAgeMs = 0;
		this.hourShiftMs = 0;
		this.pricesChanged();
	}
}
