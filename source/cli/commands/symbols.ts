import type {SymbolRecord} from '../../api/types.js';
import {percent} from '../../format/numbers.js';
import {sanitize} from '../../format/sanitize.js';
import {statusWord, symbolDetailRows} from '../../format/symbol.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

export async function runSymbols(session: Session, positionals: string[]): Promise<ExitCode> {
	const [symbol] = positionals;
	const records = await session.client.symbols(symbol);
	if (session.out.json) {
		printJson(session.out, records);
		return EXIT.ok;
	}
	if (symbol !== undefined && records.length === 1) {
		const rows = symbolDetailRows(records[0]!);
		const width = Math.max(...rows.map((row) => row.label.length));
		printLines(
			session.out,
			rows.map((row) => `${row.label.padEnd(width)}  ${row.value}${row.deprecated ? '  (deprecated)' : ''}`),
		);
		return EXIT.ok;
	}
	printLines(session.out, [...symbolTable(records), '', `${records.length} pair${records.length === 1 ? '' : 's'}`]);
	return EXIT.ok;
}

function symbolTable(records: SymbolRecord[]): string[] {
	return table(
		['SYMBOL', 'BASE', 'QUOTE', 'STATUS', 'MAKER', 'TAKER', 'MIN USDT'],
		records.map((record) => [
			sanitize(record.symbol),
			sanitize(record.baseCoin),
			sanitize(record.quoteCoin),
			statusWord(record.status),
			percent(record.makerFeeRate),
			percent(record.takerFeeRate),
			sanitize(record.minTradeUSDT ?? '—'),
		]),
	);
}
