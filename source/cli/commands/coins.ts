// loan-tui coins: what can be borrowed and pledged, with the official rates, limits and LTVs (public lookup).
import {PERIODS} from '../../api/types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {aprPercent, coinAmount, hourlyRate, ltvPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {fittedTable, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

export async function runCoins(session: Session): Promise<ExitCode> {
	const infos = await session.client.coinInfos();
	if (session.out.json) {
		printJson(session.out, infos);
		return EXIT.ok;
	}
	// Too wide for the terminal: the limits go first, then the periods from the right.
	const loanable = fittedTable(
		session.out,
		[{header: 'LOAN COIN', priority: 0}, ...PERIODS.map((period) => ({header: `${PERIOD_LABEL[period]} hourly / APR`, priority: 1})), {header: 'MIN', priority: 2}, {header: 'MAX', priority: 2}],
		infos.loanInfos.map((info) => [
			sanitize(info.coin),
			...PERIODS.map((period) => (info.hourRate[period] === undefined ? '—' : `${hourlyRate(info.hourRate[period])} / ${aprPercent(info.annualRate[period])}`)),
			info.minAmount === undefined ? '—' : coinAmount(info.minAmount, info.coin),
			info.maxAmount === undefined ? '—' : coinAmount(info.maxAmount, info.coin),
		]),
	);
	const pledgeable = fittedTable(
		session.out,
		[{header: 'PLEDGE COIN', priority: 0}, {header: 'INITIAL LTV', priority: 1}, {header: 'MARGIN CALL', priority: 1}, {header: 'LIQUIDATION', priority: 0}],
		infos.pledgeInfos.map((info) => [sanitize(info.coin), ltvPercent(info.initRate), ltvPercent(info.supRate), ltvPercent(info.forceRate)]),
	);
	printLines(session.out, [`Loanable (${infos.loanInfos.length})`, ...loanable, '', `Pledgeable (${infos.pledgeInfos.length})`, ...pledgeable]);
	return EXIT.ok;
}
