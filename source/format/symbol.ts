// How a trading pair reads to a person: shared by the CLI and the explorer screen.
import type {SymbolRecord} from '../api/types.js';
import {localDateTimeWithOffset} from './time.js';
import {percent} from './numbers.js';
import {sanitize} from './sanitize.js';

const STATUS_MEANING: Record<string, string> = {
	online: 'live',
	gray: 'gray release (limited rollout)',
	halt: 'trading halted',
	offline: 'delisted',
};

export function statusWord(status: string | undefined): string {
	return status === undefined ? 'unknown' : sanitize(status);
}

export interface DetailRow {
	label: string;
	value: string;
	/** Deprecated by the API: shown dimmed and labelled. */
	deprecated?: boolean;
}

const text = (value: string | undefined) => (value === undefined || value === '' ? '—' : sanitize(value));

/** Every field of reference section 2.4 with a readable label. */
export function symbolDetailRows(record: SymbolRecord): DetailRow[] {
	const status = record.status;
	const meaning = status === undefined ? undefined : STATUS_MEANING[status];
	return [
		{label: 'Symbol', value: text(record.symbol)},
		{label: 'Base coin', value: text(record.baseCoin)},
		{label: 'Quote coin', value: text(record.quoteCoin)},
		{label: 'Status', value: meaning ? `${statusWord(status)} — ${meaning}` : `${statusWord(status)} — not a status this app knows`},
		{label: 'Maker fee', value: percent(record.makerFeeRate)},
		{label: 'Taker fee', value: percent(record.takerFeeRate)},
		{label: 'Min trade (USDT)', value: text(record.minTradeUSDT)},
		{label: 'Price precision', value: decimalsLabel(record.pricePrecision)},
		{label: 'Quantity precision', value: decimalsLabel(record.quantityPrecision)},
		{label: 'Quote precision', value: decimalsLabel(record.quotePrecision)},
		{label: 'Buy price limit', value: withinLabel(record.buyLimitPriceRatio)},
		{label: 'Sell price limit', value: withinLabel(record.sellLimitPriceRatio)},
		{label: 'Max open orders', value: text(record.orderQuantity)},
		{label: 'Regional pair', value: record.areaSymbol === 'yes' ? 'yes' : record.areaSymbol === 'no' ? 'no' : text(record.areaSymbol)},
		{label: 'Listed', value: localDateTimeWithOffset(record.openTime)},
		{label: 'Delisting', value: localDateTimeWithOffset(record.offTime)},
		{label: 'Min trade amount', value: text(record.minTradeAmount), deprecated: true},
		{label: 'Max trade amount', value: text(record.maxTradeAmount), deprecated: true},
	];
}

function decimalsLabel(precision: string | undefined): string {
	if (precision === undefined) return '—';
	return `${sanitize(precision)} decimal${precision === '1' ? '' : 's'}`;
}

function withinLabel(ratio: string | undefined): string {
	const shown = percent(ratio);
	return shown === '—' ? shown : `within ${shown} of the current price`;
}
