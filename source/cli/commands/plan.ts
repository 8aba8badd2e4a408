// loan-tui plan --loan-coin C --loan-amount N [--daily P] [--sort cost|safety]: every pledge coin ranked for one loan
// (operations/plan.ts), with the margin-call and liquidation prices of each and how far they are from today's, and
// the chance of a margin call within each period from the pledge pair's candles (read once per pair).
import {PERIODS, type Period} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {CHANCE_DISCLAIMER} from '../../format/chance-words.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import {withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {chanceJson} from '../../operations/loan-chance.js';
import {planLoan, PLAN_SORTS, type Plan, type PlanProgress, type PlanRow, type PlanSort} from '../../operations/plan.js';
import {planCells, PLAN_COLUMNS, pricesLine} from '../../operations/plan-words.js';
import {priceHistoryReader} from '../../operations/price-history.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {fittedTable, printJson, printLines} from '../../runtime/output.js';
import {noteLines} from '../../runtime/note-lines.js';
import type {Session} from '../../runtime/session.js';
import {flagValue, refuseMissing} from './require-flags.js';

const SORT_WORDS: Record<PlanSort, string> = {
	cost: 'cost (lowest APR, then least collateral)',
	safety: 'safety (farthest from liquidation)',
	chance: 'chance (least likely margin call first)',
};

/** "Estimating 12/30…", with the candles read once there are any to read: "… · price histories 4/10". */
const progressText = ({done, total, histories}: PlanProgress) =>
	`Estimating ${done}/${total}…${histories ? ` · price histories ${histories.done}/${histories.total}` : ''}`;

export async function runPlan(session: Session, values: ParsedArgs['values']): Promise<ExitCode> {
	refuseMissing([...(values['loan-coin'] === undefined ? ['--loan-coin'] : []), ...(values['loan-amount'] === undefined ? ['--loan-amount'] : [])]);
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const loanAmount = flagValue('loan-amount', values['loan-amount'], checkAmount);
	const periods: Period[] = values.daily === undefined ? [...PERIODS] : [flagValue('daily', values.daily, (text) => checkPeriod(text))];
	const sort = (values.sort ?? 'cost').toLowerCase() as PlanSort;
	if (!PLAN_SORTS.includes(sort)) throw new UsageError(`--sort must be cost, safety or chance (got "${values.sort}")`);
	const stderr = session.out.stderr as NodeJS.WritableStream & {isTTY?: boolean};
	const live = stderr.isTTY === true && !session.out.json;
	const priceHistory = priceHistoryReader(session.client, {cacheDirectory: session.config.demo ? undefined : session.config.directories.cache});
	let shown = false;
	const plan = await planLoan(
		session.client,
		{loanCoin, loanAmount, periods, sort},
		{
			priceHistory,
			onProgress: (progress) => {
				if (!live) return;
				stderr.write(`\r${progressText(progress)}\u001b[K`);
				shown = true;
			},
		},
	);
	if (shown) stderr.write('\r\u001b[K');
	if (session.out.json) {
		printJson(session.out, planJson(plan));
		return EXIT.ok;
	}
	const coin = sanitize(loanCoin);
	const head = [`Borrow ${withCoin(loanAmount, coin)}: ${plan.rows.length} ways, by ${SORT_WORDS[sort]}`];
	if (plan.prices.status === 'unavailable') head.push(`Prices unavailable (${sanitize(plan.prices.problem)}): no LTV or liquidation price is shown.`);
	else head.push(`Prices: ${pricesLine(plan.rows, coin)}`);
	const failed = plan.rows.filter((row) => row.error !== undefined);
	printLines(session.out, [
		...head,
		'',
		...planTable(session, plan.rows, coin),
		'',
		'Collateral is derived from one estimate per row (the estimate is linear in the pledge).',
		...noteLines(session.out, `Call chance: of a margin call within the period (flexible: 30 days), from the last 30 days' volatility. ${CHANCE_DISCLAIMER}`),
	]);
	for (const row of failed)
		stderr.write(`loan-tui: warning: ${sanitize(row.pledgeCoin)} ${PERIOD_LABEL[row.period]} not estimated — ${sanitize(row.error!)}\n`);
	for (const [pledge, problem] of unreadHistories(plan.rows)) stderr.write(`loan-tui: warning: no chance for ${sanitize(pledge)}: ${sanitize(problem)}\n`);
	return EXIT.ok;
}

/** The plan as --json prints it: each row's chance in the one shape every --json uses (operations/loan-chance.ts). */
function planJson(plan: Plan) {
	return {...plan, rows: plan.rows.map((row) => ({...row, chance: chanceJson(row.chance ?? {status: 'unavailable', problem: 'not read'})}))};
}

/** The pledge coins with prices whose candles could not be read, once each, with why. */
function unreadHistories(rows: readonly PlanRow[]): Map<string, string> {
	const unread = new Map<string, string>();
	for (const row of rows) if (row.prices && row.chance?.status === 'unavailable') unread.set(row.pledgeCoin, `price history ${row.chance.problem}`);
	return unread;
}

function planTable(session: Session, rows: readonly PlanRow[], coin: string): string[] {
	return fittedTable(
		session.out,
		PLAN_COLUMNS,
		rows.map((row) => planCells(row, coin)),
	);
}
