// Spot symbol records: a realistic built-in list plus deterministic synthetic pairs, serialised once per list
// size and cached so that even 100,000 pairs answer quickly.
import {failure, successJson, type Reply} from './reply.js';

/** A record exactly in the shape of the reference's sample: every value a string. */
export interface SimSymbolRecord {
	symbol: string;
	baseCoin: string;
	quoteCoin: string;
	minTradeAmount: string;
	maxTradeAmount: string;
	takerFeeRate: string;
	makerFeeRate: string;
	pricePrecision: string;
	quantityPrecision: string;
	quotePrecision: string;
	status: string;
	minTradeUSDT: string;
	buyLimitPriceRatio: string;
	sellLimitPriceRatio: string;
	areaSymbol: string;
	orderQuantity: string;
	openTime: string;
	offTime: string;
	/** Newer fields that only some records carry (records grow over time). */
	maxLimitOrderValue?: string;
	maxMarketOrderValue?: string;
}

interface Extra {
	fee?: string;
	maker?: string;
	offTime?: string;
	area?: boolean;
	maxValues?: readonly [string, string];
	minUsdt?: string;
	ratio?: string;
	orders?: string;
}

type Row = readonly [base: string, quote: string, status: string, pricePrecision: number, quantityPrecision: number, openTime: string, extra?: Extra];

// Real-looking pairs; every status is represented. Delisted/halted pairs carry an offTime.
const BUILT_IN: readonly Row[] = [
	['BTC', 'USDT', 'online', 2, 6, '1532454360000', {maxValues: ['5000000', '1000000']}],
	['ETH', 'USDT', 'online', 2, 4, '1532454360000', {maxValues: ['5000000', '1000000']}],
	['SOL', 'USDT', 'online', 3, 3, '1604483100000', {maxValues: ['2000000', '500000']}],
	['XRP', 'USDT', 'online', 4, 2, '1546300800000', {maxValues: ['2000000', '500000']}],
	['DOGE', 'USDT', 'online', 5, 2, '1611734400000'],
	['BNB', 'USDT', 'online', 2, 4, '1561939200000'],
	['ADA', 'USDT', 'online', 4, 2, '1561939200000'],
	['TRX', 'USDT', 'online', 5, 2, '1546300800000'],
	['LTC', 'USDT', 'online', 2, 4, '1532454360000'],
	['DOT', 'USDT', 'online', 3, 2, '1597968000000'],
	['LINK', 'USDT', 'online', 3, 2, '1561939200000'],
	['AVAX', 'USDT', 'online', 3, 2, '1600905600000'],
	['POL', 'USDT', 'online', 4, 2, '1725235200000'],
	['SHIB', 'USDT', 'online', 8, 0, '1620259200000', {minUsdt: '5'}],
	['TON', 'USDT', 'online', 4, 2, '1661990400000'],
	['BGB', 'USDT', 'online', 4, 2, '1627603200000', {fee: '0.0008', maker: '0.0008'}],
	['ATOM', 'USDT', 'online', 3, 2, '1578096000000'],
	['UNI', 'USDT', 'online', 3, 2, '1600214400000'],
	['NEAR', 'USDT', 'online', 3, 2, '1603065600000'],
	['APT', 'USDT', 'online', 3, 2, '1666051200000'],
	['ARB', 'USDT', 'online', 4, 2, '1679414400000'],
	['OP', 'USDT', 'online', 4, 2, '1654128000000'],
	['FIL', 'USDT', 'online', 3, 2, '1602720000000'],
	['PEPE', 'USDT', 'online', 10, 0, '1681862400000', {fee: '0.002', maker: '0.002', minUsdt: '5', ratio: '0.1'}],
	['SUI', 'USDT', 'online', 4, 2, '1683021600000'],
	['ETC', 'USDT', 'online', 3, 2, '1546300800000'],
	['BCH', 'USDT', 'online', 2, 4, '1546300800000'],
	['XLM', 'USDT', 'online', 5, 2, '1561939200000'],
	['USDC', 'USDT', 'online', 4, 2, '1617321600000', {fee: '0.0001', maker: '0', ratio: '0.01'}],
	['BTC', 'USDC', 'online', 2, 6, '1680480000000', {maxValues: ['2000000', '500000']}],
	['ETH', 'USDC', 'online', 2, 4, '1680480000000'],
	['SOL', 'USDC', 'online', 3, 3, '1680480000000'],
	['XRP', 'USDC', 'online', 4, 2, '1680480000000'],
	['BGB', 'USDC', 'online', 4, 2, '1700000000000', {area: true}],
	['TON', 'USDC', 'online', 4, 2, '1700000000000', {area: true}],
	['ETH', 'BTC', 'online', 6, 4, '1532454360000'],
	['SOL', 'BTC', 'online', 8, 2, '1625097600000'],
	['XRP', 'BTC', 'online', 9, 0, '1561939200000'],
	['LTC', 'BTC', 'online', 7, 3, '1546300800000'],
	['LINK', 'ETH', 'online', 7, 2, '1609459200000'],
	['UNI', 'ETH', 'online', 7, 2, '1609459200000'],
	['ENA', 'USDT', 'gray', 4, 2, '1711972800000', {fee: '0.002', maker: '0.002'}],
	['JUP', 'USDT', 'gray', 4, 2, '1706616000000', {fee: '0.002', maker: '0.002', area: true}],
	['FTT', 'USDT', 'halt', 4, 2, '1596412800000', {offTime: '1668038400000'}],
	['LUNC', 'USDT', 'halt', 8, 0, '1653868800000', {offTime: '1728633600000'}],
	['LUNA', 'USDT', 'offline', 4, 2, '1614556800000', {offTime: '1652832000000'}],
	['SRM', 'USDT', 'offline', 4, 2, '1600214400000', {offTime: '1672531200000'}],
	['BSV', 'USDT', 'offline', 2, 4, '1546300800000', {offTime: '1682899200000'}],
	['MATIC', 'USDT', 'offline', 4, 2, '1561939200000', {offTime: '1725840000000'}],
];

function record(row: Row): SimSymbolRecord {
	const [base, quote, status, pricePrecision, quantityPrecision, openTime, extra = {}] = row;
	const fee = extra.fee ?? '0.001';
	const result: SimSymbolRecord = {
		symbol: base + quote,
		baseCoin: base,
		quoteCoin: quote,
		minTradeAmount: '0',
		maxTradeAmount: '900000000000000000000',
		takerFeeRate: fee,
		makerFeeRate: extra.maker ?? fee,
		pricePrecision: String(pricePrecision),
		quantityPrecision: String(quantityPrecision),
		quotePrecision: String(Math.max(pricePrecision, 8)),
		status,
		minTradeUSDT: extra.minUsdt ?? '1',
		buyLimitPriceRatio: extra.ratio ?? '0.05',
		sellLimitPriceRatio: extra.ratio ?? '0.05',
		areaSymbol: extra.area === true ? 'yes' : 'no',
		orderQuantity: extra.orders ?? '200',
		openTime,
		offTime: extra.offTime ?? '',
	};
	if (extra.maxValues) {
		result.maxLimitOrderValue = extra.maxValues[0];
		result.maxMarketOrderValue = extra.maxValues[1];
	}
	return result;
}

export const BUILT_IN_SYMBOLS: readonly SimSymbolRecord[] = BUILT_IN.map(record);

const SYNTHETIC_QUOTES = ['USDT', 'USDC', 'BTC', 'ETH'] as const;

/** A small integer hash (deterministic, no global RNG) to vary synthetic records. */
function mix(n: number): number {
	let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
	x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
	return (x ^ (x >>> 16)) >>> 0;
}

/** The i-th synthetic pair (0-based): bases X0001, X0002, ... each quoted in USDT, USDC, BTC and ETH. */
export function syntheticSymbol(i: number): SimSymbolRecord {
	const base = `X${String(Math.floor(i / SYNTHETIC_QUOTES.length) + 1).padStart(4, '0')}`;
	const quote = SYNTHETIC_QUOTES[i % SYNTHETIC_QUOTES.length] ?? 'USDT';
	const h = mix(i);
	const roll = h % 100;
	// Mostly live, like the real listing (3,163 of 3,169 online in one recording), with a few of each other state.
	const status = roll < 94 ? 'online' : roll < 96 ? 'gray' : roll < 98 ? 'halt' : 'offline';
	const crypto = quote === 'BTC' || quote === 'ETH';
	const pricePrecision = (crypto ? 6 : 2) + ((h >>> 8) % 5);
	const fee = (h >>> 12) % 4 === 0 ? '0.002' : '0.001';
	const openTime = 1_600_000_000_000 + (h % 100_000) * 1_000_000;
	const row: Row = [
		base,
		quote,
		status,
		pricePrecision,
		(h >>> 16) % 5,
		String(openTime),
		{
			fee,
			offTime: status === 'halt' || status === 'offline' ? String(openTime + 86_400_000 * (30 + ((h >>> 4) % 300))) : '',
			area: (h >>> 20) % 50 === 0,
			minUsdt: (h >>> 24) % 3 === 0 ? '5' : '1',
			ratio: (h >>> 6) % 5 === 0 ? '0.1' : '0.05',
			...((h >>> 10) % 3 === 0 ? {maxValues: ['1000000', '200000'] as const} : {}),
		},
	];
	return record(row);
}

export interface SymbolCatalogue {
	records: readonly SimSymbolRecord[];
	/** JSON of every record, by symbol, so one-symbol answers need no serialisation either. */
	bySymbol: ReadonlyMap<string, string>;
	/** JSON array of all records. */
	listJson: string;
}

// A few sizes are kept: tests start many simulators with the same (or no) extra symbols.
const cache = new Map<number, SymbolCatalogue>();
const CACHE_SIZE = 3;

export function catalogue(extraSymbols: number): SymbolCatalogue {
	const n = Math.max(0, Math.floor(extraSymbols));
	const cached = cache.get(n);
	if (cached) return cached;
	const records: SimSymbolRecord[] = [...BUILT_IN_SYMBOLS];
	for (let i = 0; i < n; i++) records.push(syntheticSymbol(i));
	const bySymbol = new Map<string, string>();
	const parts: string[] = [];
	for (const r of records) {
		const json = JSON.stringify(r);
		bySymbol.set(r.symbol, json);
		parts.push(json);
	}
	const built = {records, bySymbol, listJson: `[${parts.join(',')}]`};
	if (cache.size >= CACHE_SIZE) {
		const oldest = cache.keys().next().value;
		if (oldest !== undefined) cache.delete(oldest);
	}
	cache.set(n, built);
	return built;
}

/** Same records, but with a fee rate as a number and status null (the 'wrong-types' fault). */
function wrongTypes(records: readonly SimSymbolRecord[]): unknown[] {
	return records.map((r) => ({...r, takerFeeRate: Number(r.takerFeeRate), status: null}));
}

/** GET /api/v2/spot/public/symbols after auth and rate limiting. An empty ?symbol= means "all". */
export function handleSymbols(query: URLSearchParams, cat: SymbolCatalogue): Reply {
	const symbol = query.get('symbol');
	if (!symbol) return successJson(cat.listJson, () => wrongTypes(cat.records));
	const json = cat.bySymbol.get(symbol);
	if (json === undefined) return failure('42016', `symbol ${symbol} is Invalid or not supported spot trade`);
	return successJson(`[${json}]`, () => wrongTypes([JSON.parse(json) as SimSymbolRecord]));
}
