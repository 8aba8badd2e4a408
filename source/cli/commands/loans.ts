// loan-tui loans [ORDER]: ongoing loans, riskiest first, with LTV against the margin-call and liquidation LTVs,
// the price fall that would reach each, interest and APR; totals from debts.
import type {Debts, OngoingLoan} from '../../api/loan-types.js';
import {describeLoan, fall, loanDetailRows, timeToExpiry} from '../../format/loans.js';
import {aprPercent, coinAmount, ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {byRisk} from '../../loans/ltv.js';
import {riskOf} from '../../loans/risk.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {type Column, fittedTable, type Output, printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {findLoan, orderIdArgument} from './loan-lookup.js';
import {loanMarkPrices, quotePrice, type PriceRead} from '../../loans/prices.js';
import {readPrices} from '../../operations/prices.js';
import {priceAmount} from '../../format/price.js';
import {loanPrices, totalItem} from '../../format/loan-prices.js';
import {loanTargetRows, type LoanTargets} from '../../format/loan-targets.js';
import {collateralToAdd, DEFAULT_SAFETY_MARGIN, maxWithdrawable} from '../../loans/targets.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {marginFlag, toLtvFlag} from './to-ltv.js';

export async function runLoans(session: Session, positionals: string[], values: ParsedArgs['values']): Promise<ExitCode> {
	const orderId = positionals[0] === undefined ? undefined : orderIdArgument(positionals[0], 'loans');
	// The amounts that answer the next question are one loan's: without ORDER the flags have nothing to say.
	const targets = {
		safetyMargin: values.margin === undefined ? undefined : marginFlag(values.margin),
		targetLtv: values['to-ltv'] === undefined ? undefined : toLtvFlag(values['to-ltv']),
	};
	if (orderId === undefined && (values.margin !== undefined || values['to-ltv'] !== undefined)) {
		throw new UsageError(
			`${values.margin !== undefined ? '--margin' : '--to-ltv'} is about one loan: give its order id (loan-tui loans ORDER ${values.margin !== undefined ? '--margin' : '--to-ltv'} N)`,
		);
	}
	await session.requireCredentials();
	const now = session.client.clock.now();
	if (orderId !== undefined) {
		// The pledge coin's initial LTV (the coin list, public) is the default target; without it that row is left out.
		const [loan, prices, infos] = await Promise.all([
			findLoan(session, orderId),
			readPrices(session.client),
			targets.targetLtv === undefined ? session.client.coinInfos().catch(() => undefined) : undefined,
		]);
		const initialLtv = infos?.pledgeInfos.find((info) => info.coin === loan.pledgeCoin)?.initRate;
		const loanTargets = {...targets, initialLtv};
		if (session.out.json) printJson(session.out, {...withPrices(loan, prices, now), targets: targetsJson(loan, loanTargets)});
		else printLines(session.out, loanDetail(loan, now, prices, loanTargets));
		return EXIT.ok;
	}
	const [page, debts, prices] = await Promise.all([
		session.client.ongoingOrderPage(),
		session.client.debts().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
		readPrices(session.client),
	]);
	const loans = [...page.records].sort(byRisk);
	// For shell completion (repay ORDER, collateral ORDER): the open orders as last read.
	await session.remember.orderIds(loans.map((loan) => loan.orderId));
	const {unreadable, firstProblem} = page;
	// Loans that could not be read are left out and said on stderr (exit 0): what could be read is still shown.
	if (unreadable > 0)
		session.out.stderr.write(`loan-tui: warning: ${unreadableNote(unreadable)}${firstProblem ? ` (first: ${sanitize(firstProblem)})` : ''}\n`);
	if (session.out.json) {
		printJson(session.out, {loans: loans.map((loan) => withPrices(loan, prices, now)), debts: debts instanceof Error ? null : debts, unreadable});
		return EXIT.ok;
	}
	if (loans.length === 0) {
		// Not "no ongoing loans" when some could not be read: there may be loans.
		printLines(session.out, [
			unreadable > 0 ? 'No readable ongoing loans.' : 'No ongoing loans.',
			...(unreadable > 0 ? ['', ...totals(debts, prices, now)] : []),
		]);
		return EXIT.ok;
	}
	printLines(session.out, [
		...loanTable(session.out, loans, now, prices),
		'',
		...totals(debts, prices, now),
		...(prices.ok ? [] : [`Prices unavailable: ${sanitize(prices.problem)}`]),
	]);
	return EXIT.ok;
}

/** In a narrow terminal the order, the amount, the LTV and the risk word stay; the rest goes, least needed first. */
const LOAN_COLUMNS: Column[] = [
	{header: 'ORDER', priority: 0},
	{header: 'BORROWED', priority: 0},
	{header: 'INTEREST', priority: 4},
	{header: 'APR', priority: 3},
	{header: 'PLEDGED', priority: 1},
	{header: 'LTV', priority: 0},
	{header: 'CALL', priority: 4},
	{header: 'LIQ', priority: 3},
	{header: 'FALL TO CALL', priority: 5},
	{header: 'FALL TO LIQ', priority: 2},
	{header: 'PRICE', priority: 5},
	{header: 'CALL PRICE', priority: 6},
	{header: 'LIQ PRICE', priority: 4},
	{header: 'EXPIRES', priority: 2},
	{header: 'RISK', priority: 0},
];

/** The loan with what is derived from it, and its prices (owed ÷ (collateral × T), the falls their distances) for
 * --json: null where there is no price. */
function withPrices(loan: OngoingLoan, prices: PriceRead, now: number) {
	const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
	const marks = price.status === 'ok' ? loanMarkPrices(loan, price.price) : null;
	return {...describeLoan(loan, price.status === 'ok' ? price.price : undefined), price, prices: marks};
}

function loanTable(out: Output, loans: OngoingLoan[], now: number, prices: PriceRead): string[] {
	return fittedTable(
		out,
		LOAN_COLUMNS,
		loans.map((loan) => {
			const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
			const risk = riskOf(loan, {}, price.status === 'ok' ? price.price : undefined);
			const marks = price.status === 'ok' ? loanMarkPrices(loan, price.price) : undefined;
			const none = price.status === 'no price' ? 'no price' : price.status === 'unavailable' ? 'unavailable' : '—';
			return [
				loan.orderId,
				withCoin(loan.loanAmount, sanitize(loan.loanCoin)),
				coinAmount(loan.interestAmount, loan.loanCoin),
				aprPercent(describeLoan(loan).annualInterestRate),
				withCoin(loan.pledgeAmount, sanitize(loan.pledgeCoin)),
				ltvPercent(loan.pledgeRate),
				ltvPercent(loan.supRate),
				ltvPercent(loan.forceRate),
				fall(risk.moveToMarginCall),
				fall(risk.moveToLiquidation),
				timeToExpiry(loan.expireTime, now),
				risk.label,
			].toSpliced(
				10,
				0,
				price.status === 'ok' ? priceAmount(price.price, loan.loanCoin) : none,
				marks ? priceAmount(marks.marginCallPrice, loan.loanCoin) : none,
				marks ? priceAmount(marks.liquidationPrice, loan.loanCoin) : none,
			);
		}),
	);
}

/** The safety margin and target in use, with the amounts they give (loans/targets.ts), for --json. */
function targetsJson(loan: OngoingLoan, targets: LoanTargets) {
	const safetyMargin = targets.safetyMargin ?? DEFAULT_SAFETY_MARGIN;
	const targetLtv = targets.targetLtv ?? targets.initialLtv ?? null;
	const max = maxWithdrawable(loan, safetyMargin);
	const add = targetLtv === null ? null : collateralToAdd(loan, targetLtv);
	return {
		safetyMargin,
		maxWithdrawable: max.amount,
		maxWithdrawableLtvAfter: max.ltvAfter,
		targetLtv,
		targetLtvSource: targets.targetLtv !== undefined ? 'given' : targetLtv === null ? null : 'initial',
		addToTarget: add === null ? null : add.ok ? add.amount : '0',
	};
}

function loanDetail(loan: OngoingLoan, now: number, prices: PriceRead, targets: LoanTargets): string[] {
	const marks = loanPrices(prices, loan, now);
	const rows: Array<[string, string]> = [
		['Order', loan.orderId],
		...loanDetailRows(loan, now, 30, false, marks.price.status === 'ok' ? marks.price.price : undefined).rows,
	];
	// Today's price and the two mark prices, after the falls that reach them.
	const at = rows.findIndex(([label]) => label === 'Liquidation') + 1;
	rows.splice(
		at,
		0,
		['Price', marks.now],
		...(marks.marginCall === undefined
			? []
			: ([
					['Margin-call price', marks.marginCall],
					['Liquidation price', marks.liquidation!],
				] as Array<[string, string]>)),
	);
	rows.push(...loanTargetRows(loan, targets));
	const width = Math.max(...rows.map(([label]) => label.length));
	return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`);
}

/** The totals, valued at the prices of the table's PRICE column (format/loan-prices.ts totalItem). */
function totals(debts: Debts | Error, prices: PriceRead, now: number): string[] {
	if (debts instanceof Error) return [`Totals unavailable: ${sanitize(debts.message)}`];
	const line = (items: Debts['loanInfos']) =>
		items
			.map((item) => totalItem(item, prices, now))
			.map((total) => `${total.amount}${total.usdt === undefined ? '' : ` (${total.usdt})`}`)
			.join(', ') || 'none';
	return [`Owed:    ${line(debts.loanInfos)}`, `Pledged: ${line(debts.pledgeInfos)}`];
}
