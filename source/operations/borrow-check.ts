// The one check of a borrow before it may be confirmed, for the CLI and the app: the loan coin is loanable and the
// pledge coin pledgeable (coinInfos), and the amount borrowed is within Bitget's min/max of the loan coin (by pledge
// amount: what the estimate says it borrows). What the lists rule out is refused (nothing is sent). A coin list that
// cannot be read is never taken as an empty one ("not loanable" would be false): a borrow is refused until it can be
// read (its limits are part of the check), while an estimate goes on without the local coin check, as the server
// answers that itself. An estimate that fails leaves only the limits unchecked, and says so.
import type {BitgetClient} from '../api/client.js';
import {ApiError, LoanTuiError, type FailureKind} from '../api/errors.js';
import type {CoinInfos, LoanCoinInfo} from '../api/loan-types.js';
import {didYouMean} from '../format/suggest.js';
import type {BorrowRequest, Estimate} from '../api/types.js';
import {checkBorrowLimits} from '../loans/limits.js';
import {failureText} from './observe.js';

/** A lookup's answer, or why there is none. */
export type Lookup<T> = {ok: true; value: T} | {ok: false; error: unknown};

/** `unreadable`: the coin list could not be read, so nothing may be sent yet; it is not bad input (the CLI exits 1). */
export type BorrowCheck = {status: 'ok'; notes: string[]} | {status: 'refused'; reason: string} | {status: 'unreadable'; reason: string; error: unknown};

const unchecked = (what: string, error: unknown) => `could not check ${what} here (${failureText(error)}); the server checks them`;

/** "could not read Bitget's coin list (…)": the one wording of a coin list that failed or came in a form not read. */
export const coinListUnreadable = (error: unknown): string => `could not read Bitget's coin list (${failureText(error)})`;

/** A borrow refused because the coin list could not be read: the read's own kind and hint (exit 1), never "input". */
export class CoinListUnreadableError extends LoanTuiError {
	readonly kind: FailureKind;
	readonly hint: string;
	constructor(message: string, cause: unknown) {
		super(message, {cause});
		this.name = 'CoinListUnreadableError';
		this.kind = cause instanceof LoanTuiError && cause.kind !== 'input' ? cause.kind : 'protocol';
		this.hint = cause instanceof LoanTuiError ? cause.hint : 'Nothing was sent; try again in a moment.';
	}
}

type Coins = Pick<BorrowRequest, 'loanCoin' | 'pledgeCoin'>;

type CoinsVerdict = {status: 'refused'; reason: string} | {status: 'unreadable'; reason: string; error: unknown} | {status: 'ok'; loanInfo: LoanCoinInfo};

/** The coins' part of the verdict: refused when a list rules one out, unreadable when there is no list to judge
 * by, else the loan coin's entry. */
function coinsVerdict(coins: Coins, infos: Lookup<CoinInfos>): CoinsVerdict {
	if (!infos.ok) {
		// coinInfos?coin=X answers 40034 for a coin it does not know.
		if (infos.error instanceof ApiError && infos.error.code === '40034')
			return {status: 'refused', reason: `${coins.loanCoin} is not a loanable coin (${infos.error.code} ${infos.error.serverMessage})`};
		return {status: 'unreadable', reason: coinListUnreadable(infos.error), error: infos.error};
	}
	const loanable = infos.value.loanInfos.map((info) => info.coin);
	const loanInfo = infos.value.loanInfos.find((info) => info.coin === coins.loanCoin);
	if (!loanInfo)
		return {
			status: 'refused',
			reason: `${coins.loanCoin} is not in Bitget's list of loanable coins${didYouMean(coins.loanCoin, loanable)} (loan-tui coins lists them)`,
		};
	// A list that names no pledge coins at all says nothing about this one.
	const pledgeable = infos.value.pledgeInfos.map((info) => info.coin);
	if (pledgeable.length > 0 && !pledgeable.includes(coins.pledgeCoin)) {
		return {
			status: 'refused',
			reason: `${coins.pledgeCoin} is not in Bitget's list of pledgeable coins${didYouMean(coins.pledgeCoin, pledgeable)} (loan-tui coins lists them)`,
		};
	}
	return {status: 'ok', loanInfo};
}

/** The verdict from what was looked up. `estimate` is needed by pledge amount only. */
export function borrowVerdict(request: BorrowRequest, infos: Lookup<CoinInfos>, estimate?: Lookup<Estimate>): BorrowCheck {
	const coins = coinsVerdict(request, infos);
	if (coins.status !== 'ok') return coins;
	const {loanInfo} = coins;
	let borrowed = request.loanAmount;
	if (borrowed === undefined) {
		if (!estimate) return {status: 'ok', notes: []};
		if (!estimate.ok) {
			if (estimate.error instanceof ApiError && estimate.error.code === '40034')
				return {status: 'refused', reason: `the estimate was refused: ${estimate.error.code} ${estimate.error.serverMessage}`};
			return {status: 'ok', notes: [unchecked("Bitget's borrow limits", estimate.error)]};
		}
		borrowed = estimate.value.loanAmount;
	}
	const verdict = checkBorrowLimits(loanInfo, borrowed);
	if (verdict.ok) return {status: 'ok', notes: []};
	return {status: 'refused', reason: request.loanAmount === undefined ? `${verdict.reason} (what this pledge borrows, by the estimate)` : verdict.reason};
}

const lookup = <T>(promise: Promise<T>): Promise<Lookup<T>> =>
	promise.then(
		(value) => ({ok: true, value}),
		(error: unknown) => ({ok: false, error}),
	);

/** Looks up what the verdict needs (coinInfos for both coins; the estimate by pledge amount) and gives it. */
export async function checkBorrow(
	client: BitgetClient,
	request: BorrowRequest,
	signal?: AbortSignal,
): Promise<BorrowCheck & {read: {infos?: CoinInfos; estimate?: Estimate}}> {
	const [infos, estimate] = await Promise.all([
		lookup(client.coinInfos(undefined, {signal})),
		request.pledgeAmount === undefined
			? Promise.resolve(undefined)
			: lookup(
					client.estimate({loanCoin: request.loanCoin, pledgeCoin: request.pledgeCoin, daily: request.daily, pledgeAmount: request.pledgeAmount}, {signal}),
				),
	]);
	signal?.throwIfAborted();
	// What was read, for whatever shows the request next (the CLI's prompt): read once, not again.
	return {...borrowVerdict(request, infos, estimate), read: {infos: infos.ok ? infos.value : undefined, estimate: estimate?.ok ? estimate.value : undefined}};
}

/** The coins alone (an estimate is about to be asked for): the loan coin loanable, the pledge coin pledgeable; with
 * the list read, when it was, for whatever else needs it (the official rates). Never `unreadable`: without a list
 * it is ok with a note. */
export async function checkCoins(
	client: BitgetClient,
	coins: Coins,
	signal?: AbortSignal,
): Promise<{check: Exclude<BorrowCheck, {status: 'unreadable'}>; infos?: CoinInfos}> {
	const infos = await lookup(client.coinInfos(undefined, {signal}));
	const coinsCheck = coinsVerdict(coins, infos);
	// Without a list the estimate is still asked for: the server says whether it lends these coins.
	const check: Exclude<BorrowCheck, {status: 'unreadable'}> =
		coinsCheck.status === 'refused'
			? coinsCheck
			: coinsCheck.status === 'unreadable'
				? {status: 'ok', notes: [`${coinsCheck.reason}; the server checks the coins`]}
				: {status: 'ok', notes: []};
	return infos.ok ? {check, infos: infos.value} : {check};
}
