// The explorer's search tests' pairs: exact, prefix, substring and subsequence matches of "eth", "usd" and "bt"
// among them, and one pair (TETHER) whose symbol is not its base then its quote.
import type {SymbolRecord} from '../../source/api/types.js';

export const pair = (symbol: string, baseCoin: string, quoteCoin: string): SymbolRecord => ({symbol, baseCoin, quoteCoin});

export const SEARCH_PAIRS: readonly SymbolRecord[] = [
	pair('BTCUSDT', 'BTC', 'USDT'),
	pair('ETHUSDT', 'ETH', 'USDT'),
	pair('ETHBTC', 'ETH', 'BTC'),
	pair('SETHUSDT', 'SETH', 'USDT'),
	pair('BETAUSDT', 'BETA', 'USDT'),
	pair('TETHER', 'TET', 'HER'),
	pair('EATHUSDC', 'EATH', 'USDC'),
];
