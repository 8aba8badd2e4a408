// loan-tui coins: what can be borrowed and pledged, with the official rates, limits and LTVs (public lookup).
import {PERIODS} from '../../api/types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {fixedPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';

export async function runCoins(session: Session): Promise<ExitCode> {
	const infos = await session.client.coinInfos();
	if (session.out.json) {
		printJson(session.out, infos);
		return EXIT.ok;
	}
	const loanable = table(
		['LOAN COIN', ...PERIODS.map((period) => `${PERIOD_LABEL[period]} hourly / APR`), 'MIN', 'MAX'],
		infos.loanInfos.map((info) => [
			sanitize(info.coin),
			...PERIODS.map((period) => (info.hourRate[period] === undefined ? '—' : `${fixedPercent(info.hourRate[period], 6)} / ${fixedPercent(info.annualRate[period], 2)}`)),
			info.minAmount ?? '—',
			info.maxAmount ?? '—',
		]),
	);
	const pledgeable = table(
		['PLEDGE COIN', 'INITIAL LTV', 'MARGIN CALL', 'LIQUIDATION'],
		infos.pledgeInfos.map((info) => [sanitize(info.coin), fixedPercent(info.initRate, 2), fixedPercent(info.supRate, 2), fixedPercent(info.forceRate, 2)]),
	);
	printLines(session.out, [`Loanable (${infos.loanInfos.length})`, ...loanable, '', `Pledgeable (${infos.pledgeInfos.length})`, ...pledgeable]);
	return EXIT.ok;
}
