// loan-tui plan --loan-coin C --loan-amount N [--daily P] [--sort cost|safety]: every pledge coin ranked for one loan
// (operations/plan.ts), with the margin-call and liquidation prices of each and how far they are from today's.
import {PERIODS, type Period} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {planLoan, type PlanRow, type PlanSort} from '../../operations/plan.js';
import {planCells, PLAN_COLUMNS, pricesLine} from '../../operations/plan-words.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {fittedTable, printJson, printLines} from '../../runtime/output.js';
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
	const plan = await planLoan(
		session.client,
		{loanCoin, loanAmount, periods, sort},
		{
			onProgress: ({done, total}) => {
				if (live) stderr.write(`\rEstimating ${done}/${total}…${done === total ? '\r\u001b[K' : ''}`);
			},
		},
	);
	if (session.out.json) {
		printJson(session.out, plan);
		return EXIT.ok;
	}
	const coin = sanitize(loanCoin);
	const head = [
		`Borrow ${withCoin(loanAmount, coin)}: ${plan.rows.length} ways, by ${sort === 'cost' ? 'cost (lowest APR, then least collateral)' : 'safety (farthest from liquidation)'}`,
	];
	if (plan.prices.status === 'unavailable') head.push(`Prices unavailable (${sanitize(plan.prices.problem)}): no LTV or liquidation price is shown.`);
	else head.push(`Prices: ${pricesLine(plan.rows, coin)}`);
	const failed = plan.rows.filter((row) => row.error !== undefined);
	printLines(session.out, [
		...head,
		'',
		...planTable(session, plan.rows, coin),
		'',
		'Collateral is derived from one estimate per row (the estimate is linear in the pledge).',
	]);
	for (const row of failed)
		stderr.write(`loan-tui: warning: ${sanitize(row.pledgeCoin)} ${PERIOD_LABEL[row.period]} not estimated — ${sanitize(row.error!)}\n`);
	return EXIT.ok;
}

function planTable(session: Session, rows: readonly PlanRow[], coin: string): string[] {
	return fittedTable(
		session.out,
		PLAN_COLUMNS,
		rows.map((row) => planCells(row, coin)),
	);
}
