// loan-tui loans [ORDER]: ongoing loans, riskiest first, with LTV against the margin-call and liquidation LTVs,
// the price fall that would reach each, interest and APR, the chance of a margin call before the term ends (from the
// pair's price history, read once per pair: operations/ongoing-loan-chance.ts); totals from debts.
import type {Debts, OngoingLoan} from '../../api/loan-types.js';
import {describeLoan, fall, loanDetailRows, timeToExpiry} from '../../format/loans.js';
import {aprPercent, coinAmount, ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {unreadableNote} from '../../format/unreadable.js';
import {byRisk} from '../../loans/ltv.js';
import {riskOf} from '../../loans/risk.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {type Column, fittedTable, type Output, printJson, printLines} from '../../runtime/output.js';
import {noteLines} from '../../runtime/note-lines.js';
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
import {CHANCE_DISCLAIMER, chancePercent, chanceSentence, NO_HISTORY} from '../../format/chance-words.js';
import {chanceJson, type ChanceRead} from '../../operations/loan-chance.js';
import {loanPair, ongoingLoanChance} from '../../operations/ongoing-loan-chance.js';
import {priceHistoryReader, type PriceHistory} from '../../operations/price-history.js';

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
		const histories = await readHistories(session, [loan]);
		const chance = chanceOf(loan, prices, histories, now);
		if (session.out.json) printJson(session.out, {...withPrices(loan, prices, now), chance: chanceJson(chance), targets: targetsJson(loan, loanTargets)});
		else printLines(session.out, loanDetail(loan, now, prices, loanTargets, chance));
		return EXIT.ok;
	}
	const [page, debts, prices] = await Promise.all([
		session.client.ongoingOrderPage(),
		session.client.debts().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
		readPrices(session.client),
	]);
	const loans = [...page.records].sort(byRisk);
	const histories = await readHistories(session, loans);
	const chances = loans.map((loan) => chanceOf(loan, prices, histories, now));
	// For shell completion (repay ORDER, collateral ORDER): the open orders as last read.
	await session.remember.orderIds(loans.map((loan) => loan.orderId));
	const {unreadable, firstProblem} = page;
	// Loans that could not be read are left out and said on stderr (exit 0): what could be read is still shown.
	if (unreadable > 0)
		session.out.stderr.write(`loan-tui: warning: ${unreadableNote(unreadable)}${firstProblem ? ` (first: ${sanitize(firstProblem)})` : ''}\n`);
	if (session.out.json) {
		printJson(session.out, {
			loans: loans.map((loan, i) => ({...withPrices(loan, prices, now), chance: chanceJson(chances[i]!)})),
			debts: debts instanceof Error ? null : debts,
			unreadable,
		});
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
		...loanTable(session.out, loans, now, prices, chances),
		// Once under the table, where a chance is shown.
		...(chances.some((chance) => chance.status === 'ok')
			? ['', ...noteLines(session.out, `CALL CHANCE: of a margin call before the term ends (flexible: 30 days). ${CHANCE_DISCLAIMER}`)]
			: []),
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
	// A key figure: it goes only after the columns the risk is read from. Before the risk word, which ends the line.
	{header: 'CALL CHANCE', priority: 1},
	{header: 'RISK', priority: 0},
];

/** The pairs' price histories by "BASE/QUOTE", each pair read once, all at once (an hour on disk outside the demo). */
async function readHistories(session: Session, loans: readonly OngoingLoan[]): Promise<Map<string, PriceHistory>> {
	const reader = priceHistoryReader(session.client, {cacheDirectory: session.config.demo ? undefined : session.config.directories.cache});
	const keys = [...new Set(loans.map((loan) => `${loan.pledgeCoin}/${loan.loanCoin}`))];
	const read = await Promise.all(keys.map((key) => reader.read(...(key.split('/') as [string, string]))));
	return new Map(keys.map((key, i) => [key, read[i]!]));
}

/** The loan's chance at the price the table shows; a loan whose expiry cannot be read has no horizon: unavailable. */
function chanceOf(loan: OngoingLoan, prices: PriceRead, histories: ReadonlyMap<string, PriceHistory>, now: number): ChanceRead {
	const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
	const chance = ongoingLoanChance(loan, price.status === 'ok' ? price.price : undefined, histories.get(`${loan.pledgeCoin}/${loan.loanCoin}`), now);
	if (chance === undefined) return {status: 'unavailable', problem: "the loan's expiry cannot be read: no term to measure"};
	return chance === 'reading' ? {status: 'unavailable', problem: 'the price history was not read'} : chance;
}

function chanceCell(chance: ChanceRead): string {
	if (chance.status === 'ok') return chancePercent(chance.marginCall);
	return chance.status === 'no history' ? NO_HISTORY : 'unavailable';
}

/** The loan with what is derived from it, and its prices (owed ÷ (collateral × T), the falls their distances) for
 * --json: null where there is no price. */
function withPrices(loan: OngoingLoan, prices: PriceRead, now: number) {
	const price = quotePrice(prices, loan.pledgeCoin, loan.loanCoin, now);
	const marks = price.status === 'ok' ? loanMarkPrices(loan, price.price) : null;
	return {...describeLoan(loan, price.status === 'ok' ? price.price : undefined), price, prices: marks};
}

function loanTable(out: Output, loans: OngoingLoan[], now: number, prices: PriceRead, chances: readonly ChanceRead[]): string[] {
	return fittedTable(
		out,
		LOAN_COLUMNS,
		loans.map((loan, i) => {
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
				chanceCell(chances[i]!),
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

function loanDetail(loan: OngoingLoan, now: number, prices: PriceRead, targets: LoanTargets, chance: ChanceRead): string[] {
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
	// The chance after the risk, in words, with the disclaimer where there is one.
	const chanceWords =
		chance.status === 'unavailable'
			? `unavailable: ${sanitize(chance.problem)}`
			: `${chanceSentence(loanPair(loan), chance)}${chance.status === 'ok' ? ` ${CHANCE_DISCLAIMER}` : ''}`;
	rows.splice(rows.findIndex(([label]) => label === 'Risk') + 1, 0, ['Chance', chanceWords]);
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
