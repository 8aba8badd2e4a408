// loan-tui coins: what can be borrowed and pledged, with the official rates, limits and LTVs (public lookup).
import {loanableTable, pledgeableTable} from '../../format/coin-tables.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {fittedTable, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

export async function runCoins(session: Session): Promise<ExitCode> {
	const infos = await session.client.coinInfos();
	await session.remember.coins(infos);
	if (session.out.json) {
		printJson(session.out, infos);
		return EXIT.ok;
	}
	const loanable = loanableTable(infos);
	const pledgeable = pledgeableTable(infos);
	printLines(session.out, [
		`Loanable (${infos.loanInfos.length})`,
		...fittedTable(session.out, loanable.columns, loanable.rows),
		'',
		`Pledgeable (${infos.pledgeInfos.length})`,
		...fittedTable(session.out, pledgeable.columns, pledgeable.rows),
	]);
	return EXIT.ok;
}
