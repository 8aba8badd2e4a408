// loan-tui coins: what can be borrowed and pledged, with the official rates, limits and LTVs (public lookup).
import {loanableTable, pledgeableTable} from '../../format/coin-tables.js';
import {coinListUnreadable, CoinListUnreadableError} from '../../operations/borrow-check.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {fittedTable, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

export async function runCoins(session: Session): Promise<ExitCode> {
	// Said as the borrow and the plan say it; a list without loanInfos or pledgeInfos is never shown as none.
	const infos = await session.client.coinInfos().catch((error: unknown) => {
		throw new CoinListUnreadableError(coinListUnreadable(error), error);
	});
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
