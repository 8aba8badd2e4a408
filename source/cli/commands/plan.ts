// loan-tui plan --loan-coin C --loan-amount N [--daily P] [--sort cost|safety]: every pledge coin ranked for one loan
// (operations/plan.ts), with the margin-call and liquidation prices of each and how far they are from today's.
import {PERIODS, type Period} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {showAnnualRate} from '../../format/apr.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {coinAmount, ltvPercent, withCoin} from '../../format/money.js';
import {markPrice, priceAmount, priceWithAge} from '../../format/price.js';
import {sanitize} from '../../format/sanitize.js';
import {planLoan, type PlanRow, type PlanSort} from '../../operations/plan.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {type Column, fittedTable, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {flagValue, refuseMissing} from './require-flags.js';

const SORTS: readonly PlanSort[] = ['cost', 'safety'];

export async function runPlan(session: Session, values: ParsedArgs['values']): Promise<ExitCode> {
	refuseMissing([...(values['loan-coin'] === undefined ? ['--loan-coin'] : []), ...(values['loan-amount'] === undefined ? ['--loan-amount'] : [])]);
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const loanAmount = flagValue('loan-amount', values['loan-amount'], checkAmount);
	const periods: Period[] = values.daily === undefined ? [...PERIODS] : [flagValue('daily', values.daily, (text) => checkPeriod(text))];
	const sort = (values.sort ?? 'cost').toLowerCase() as PlanSort;
	if (!SORTS.includes(sort)) throw new UsageError(`--sort must be cost or safety (got "${values.sort}")`);
	const stderr = session.out.stderr as NodeJS.WritableStream & {isTTY?: boolean};
	const live = stderr.isTTY === true && !session.out.json;
	const plan = await planLoan(session.client, {loanCoin, loanAmount, periods, sort}, {
		onProgress: ({done, total}) => {
			if (live) stderr.write(`\rEstimating ${done}/${total}…${done === total ? '\r\u001b[K' : ''}`);
		},
	});
	if (session.out.json) {
		printJson(session.out, plan);
		return EXIT.ok;
	}
	const coin = sanitize(loanCoin);
	const head = [`Borrow ${withCoin(loanAmount, coin)}: ${plan.rows.length} ways, by ${sort === 'cost' ? 'cost (lowest APR, then least collateral)' : 'safety (farthest from liquidation)'}`];
	if (plan.prices.status === 'unavailable') head.push(`Prices unavailable (${sanitize(plan.prices.problem)}): no LTV or liquidation price is shown.`);
	else head.push(`Prices: ${pricesLine(plan.rows, coin)}`);
	const failed = plan.rows.filter((row) => row.error !== undefined);
	printLines(session.out, [...head, '', ...planTable(session, plan.rows, coin), '', 'Collateral is derived from one estimate per row (the estimate is linear in the pledge).']);
	for (const row of failed) stderr.write(`loan-tui: warning: ${sanitize(row.pledgeCoin)} ${PERIOD_LABEL[row.period]} not estimated — ${sanitize(row.error!)}\n`);
	return EXIT.ok;
}

/** The age of the prices used, once: "BTC 26,800 USDT, 2 s ago; ETH …" for the first few coins. */
function pricesLine(rows: readonly PlanRow[], coin: string): string {
	const seen = new Set<string>();
	const parts: string[] = [];
	for (const row of rows) {
		if (seen.has(row.pledgeCoin) || row.price.status !== 'ok') continue;
		seen.add(row.pledgeCoin);
		parts.push(priceWithAge(row.pledgeCoin, coin, row.price));
	}
	return parts.slice(0, 3).join('; ') + (parts.length > 3 ? `; and ${parts.length - 3} more` : '') || 'none';
}

const PLAN_COLUMNS: Column[] = [
	{header: 'PLEDGE', priority: 0},
	{header: 'PERIOD', priority: 0},
	{header: 'COLLATERAL', priority: 0},
	{header: '≈ USDT', priority: 3},
	{header: 'APR', priority: 0},
	{header: 'LTV', priority: 2},
	{header: 'PRICE', priority: 4},
	{header: 'MARGIN CALL AT', priority: 1},
	{header: 'LIQUIDATION AT', priority: 0},
];

function planTable(session: Session, rows: readonly PlanRow[], coin: string): string[] {
	return fittedTable(
		session.out,
		PLAN_COLUMNS,
		rows.map((row) => {
			const estimate = row.estimate;
			const noPrice = row.price.status === 'no price' ? 'no price' : row.price.status === 'unavailable' ? 'unavailable' : '—';
			return [
				sanitize(row.pledgeCoin),
				PERIOD_LABEL[row.period],
				estimate ? withCoin(estimate.pledgeAmount, sanitize(row.pledgeCoin)) : 'not estimated',
				estimate?.pledgeUsdt === undefined ? '—' : coinAmount(estimate.pledgeUsdt, 'USDT'),
				estimate ? showAnnualRate(estimate.apr === undefined ? {source: 'none'} : {fraction: estimate.apr, source: estimate.aprSource === 'official' ? 'official' : 'estimate'}) : '—',
				row.initialLtv === undefined ? '—' : ltvPercent(row.initialLtv),
				row.price.status === 'ok' ? priceAmount(row.price.price, coin) : noPrice,
				row.prices ? markPrice(row.prices.marginCallPrice, row.prices.marginCallDistance, coin) : noPrice,
				row.prices ? markPrice(row.prices.liquidationPrice, row.prices.liquidationDistance, coin) : noPrice,
			];
		}),
	);
}
