// Coin table of the simulated loan desk: a USDT price, an hourly interest rate per pledge period and a demo
// balance. Every coin that appears in the built-in symbol list is here, so any built-in base or quote can be
// borrowed or pledged. Values are decimal strings so that no amount ever passes through a JS float.
import Big from 'big.js';
import type {Period} from '../api/types.js';

export interface CoinInfo {
	/** Price in USDT. */
	price: string;
	/** Hourly interest rate (fraction) when this coin is borrowed, per pledge period. */
	hourlyRate: Record<Period, string>;
}

// [coin, USDT price, hourly rate SEVEN, THIRTY, FLEXIBLE]. The cheapest period is deliberately not the same for
// every coin (USDT: SEVEN, BTC: THIRTY, ETH: FLEXIBLE, ...) so a UI comparing periods has something to show.
// ETH at 1545 with USDT's 7-day rate reproduces Bitget's documented example (0.2 ETH → ~216 USDT).
const TABLE: ReadonlyArray<readonly [string, string, string, string, string]> = [
	['USDT', '1', '0.00000617', '0.00000640', '0.00000700'],
	['USDC', '1', '0.00000660', '0.00000601', '0.00000690'],
	['BTC', '26800', '0.00000280', '0.00000250', '0.00000310'],
	['ETH', '1545', '0.00000330', '0.00000345', '0.00000300'],
	['SOL', '21.35', '0.00000900', '0.00000850', '0.00000950'],
	['XRP', '0.5213', '0.00000720', '0.00000760', '0.00000700'],
	['DOGE', '0.06312', '0.00000800', '0.00000780', '0.00000820'],
	['BNB', '215.4', '0.00000410', '0.00000440', '0.00000460'],
	['ADA', '0.2587', '0.00000650', '0.00000690', '0.00000630'],
	['TRX', '0.0881', '0.00000550', '0.00000530', '0.00000570'],
	['LTC', '65.12', '0.00000480', '0.00000500', '0.00000520'],
	['DOT', '4.213', '0.00000700', '0.00000660', '0.00000740'],
	['LINK', '7.412', '0.00000600', '0.00000640', '0.00000590'],
	['AVAX', '10.53', '0.00000880', '0.00000910', '0.00000940'],
	['POL', '0.5621', '0.00000760', '0.00000720', '0.00000790'],
	['MATIC', '0.5618', '0.00000760', '0.00000720', '0.00000790'],
	['SHIB', '0.00000721', '0.00001100', '0.00001150', '0.00001050'],
	['TON', '2.104', '0.00000950', '0.00000990', '0.00001020'],
	['BGB', '0.4123', '0.00000500', '0.00000470', '0.00000530'],
	['ATOM', '7.105', '0.00000740', '0.00000780', '0.00000730'],
	['UNI', '4.312', '0.00000690', '0.00000650', '0.00000720'],
	['NEAR', '1.107', '0.00000900', '0.00000940', '0.00000880'],
	['APT', '5.214', '0.00001000', '0.00000960', '0.00001040'],
	['ARB', '0.8512', '0.00000980', '0.00001010', '0.00000970'],
	['OP', '1.312', '0.00000990', '0.00000950', '0.00001030'],
	['FIL', '3.215', '0.00000860', '0.00000890', '0.00000920'],
	['PEPE', '0.00000081', '0.00001300', '0.00001250', '0.00001350'],
	['SUI', '0.4521', '0.00001050', '0.00001090', '0.00001010'],
	['ETC', '15.21', '0.00000610', '0.00000580', '0.00000640'],
	['BCH', '210.3', '0.00000520', '0.00000550', '0.00000500'],
	['XLM', '0.1102', '0.00000630', '0.00000670', '0.00000610'],
	['ENA', '0.3512', '0.00001400', '0.00001350', '0.00001450'],
	['JUP', '0.5123', '0.00001380', '0.00001420', '0.00001330'],
	['FTT', '1.052', '0.00002000', '0.00001900', '0.00002100'],
	['LUNC', '0.0000812', '0.00001800', '0.00001850', '0.00001750'],
	['LUNA', '0.6521', '0.00001700', '0.00001650', '0.00001750'],
	['SRM', '0.0312', '0.00001600', '0.00001650', '0.00001550'],
	['BSV', '31.25', '0.00000900', '0.00000870', '0.00000930'],
];

export const COINS: ReadonlyMap<string, CoinInfo> = new Map(
	TABLE.map(([coin, price, seven, thirty, flexible]) => [coin, {price, hourlyRate: {SEVEN: seven, THIRTY: thirty, FLEXIBLE: flexible}}]),
);

/** What the desk takes as collateral (coinInfos' pledgeInfos), each with its initial LTV (`initRate`): ten coins
 * besides USDT (so a USDT loan has ten to rank). The riskier the coin, the less it lends. One initial LTV per coin,
 * for every period, as Bitget's coin list gives it: the estimate, a borrow and the coin list all read it here. */
const PLEDGE_LTV: ReadonlyMap<string, string> = new Map([
	['BTC', '0.7'],
	['ETH', '0.7'],
	['USDT', '0.7'],
	['USDC', '0.7'],
	['BNB', '0.65'],
	['SOL', '0.6'],
	['LTC', '0.6'],
	['XRP', '0.55'],
	['DOGE', '0.5'],
	['TON', '0.5'],
	['ADA', '0.5'],
]);

export const PLEDGEABLE: readonly string[] = [...PLEDGE_LTV.keys()];

/** A coin outside the list is still estimated here (the desk does not refuse it), at BTC's initial LTV. */
const UNLISTED_PLEDGE_LTV = PLEDGE_LTV.get('BTC')!;

/** A pledge coin's initial LTV: its coinInfos `initRate`, the same for every period. */
export function initialLtv(pledgeCoin: string): string {
	return PLEDGE_LTV.get(pledgeCoin) ?? UNLISTED_PLEDGE_LTV;
}

/** A coin's USDT price, from the table or from a book that overrides it. */
export type PriceOf = (coin: string) => string;

export const listPrice: PriceOf = (coin) => {
	const info = COINS.get(coin);
	if (info === undefined) throw new Error(`unknown coin ${coin}`);
	return info.price;
};

// Demo holdings of every account. Coins not listed hold about 500,000 USDT worth (generous, but finite, so that
// "pledge more than you have" can be exercised with any coin).
const EXPLICIT_BALANCES: Record<string, string> = {BTC: '10', ETH: '100', USDT: '1000000', USDC: '1000000'};

export function balanceOf(coin: string): Big | undefined {
	const explicit = EXPLICIT_BALANCES[coin];
	if (explicit !== undefined) return new Big(explicit);
	const info = COINS.get(coin);
	if (info === undefined) return undefined;
	return new Big('500000').div(info.price).round(0, Big.roundDown);
}
