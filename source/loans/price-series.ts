// A pair's recent price path, as the chance of a margin call (loans/chance.ts) and a loan's chart read it. Prices
// here are statistics, not money: plain numbers are enough (amounts stay big.js strings everywhere else).

/** One candle of a pair (or of the ratio of two USDT pairs): open time in epoch ms, and its close, low and high in the
 * quote coin. */
export interface PricePoint {
	ts: number;
	close: number;
	low: number;
	high: number;
}

/** A pair's recent path, ascending by time: hourly candles of the last 30 days (the realized volatility) and
 * 4-hour candles of the last 90 days (what history says: how often a window of the horizon fell that far; 1 h candles
 * reach back only about 83 days). */
export interface PriceSeries {
	/** The base coin in the quote coin, e.g. BTC in USDT. */
	base: string;
	quote: string;
	/** 'direct': the BASEQUOTE pair's candles; 'usdt': the ratio of both coins' USDT candles. */
	source: 'direct' | 'usdt';
	/** The symbols read, e.g. ['BTCUSDT'] or ['ETHUSDT', 'BTCUSDT']. */
	symbols: string[];
	hourly: PricePoint[];
	fourHourly: PricePoint[];
}
