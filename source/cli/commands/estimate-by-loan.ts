// loan-tui estimate --loan-amount N: what borrowing N takes and costs, per period. The collateral is derived from one
// estimate (operations/loan-amount-estimate.ts) and checked with a second at the derived pledge; a disagreement
// beyond the server's rounding shows both answers.
import type {Period} from '../../api/types.js';
import {PERIODS} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {annualRate, showAnnualRate} from '../../format/apr.js';
import {estimateFigures, PERIOD_LABEL} from '../../format/estimate.js';
import {priceWithAge} from '../../format/price.js';
import {coinAmount, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {checkBorrowLimits} from '../../loans/limits.js';
import {quotePrice} from '../../loans/prices.js';
import {estimateByLoanAmount, referencePledgeFor, type LoanAmountEstimate} from '../../operations/loan-amount-estimate.js';
import {failureText} from '../../operations/observe.js';
import {loanAmountCheckWords} from '../../operations/plan-words.js';
import {readPrices} from '../../operations/prices.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {differentCoins, flagValue, refuseMissing, refuseUnknownCoins} from './require-flags.js';

type Result = {period: Period; ok: true; value: LoanAmountEstimate} | {period: Period; ok: false; error: unknown};

export async function runEstimateByLoanAmount(session: Session, values: ParsedArgs['values']): Promise<ExitCode> {
	refuseMissing([
		...(values['loan-coin'] === undefined ? ['--loan-coin'] : []),
		...(values['pledge-coin'] === undefined ? ['--pledge-coin'] : []),
		...(values.daily === undefined && !values.all ? [['--daily', 'or --all to compare SEVEN, THIRTY and FLEXIBLE'] as const] : []),
	]);
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const pledgeCoin = flagValue('pledge-coin', values['pledge-coin'], checkCoin);
	differentCoins(loanCoin, pledgeCoin);
	const periods: Period[] = values.all ? [...PERIODS] : [flagValue('daily', values.daily, (text) => checkPeriod(text))];
	const loanAmount = flagValue('loan-amount', values['loan-amount'], checkAmount);
	const [infos, prices] = await Promise.all([refuseUnknownCoins(session, loanCoin, pledgeCoin), readPrices(session.client)]);
	const loanInfo = infos?.loanInfos.find((info) => info.coin === loanCoin);
	const pledgeInfo = infos?.pledgeInfos.find((info) => info.coin === pledgeCoin);
	// Outside the coin's limits nothing is estimated: the limits are the answer.
	if (loanInfo) {
		const limits = checkBorrowLimits(loanInfo, loanAmount);
		if (!limits.ok) throw new UsageError(sanitize(limits.reason));
	}
	const price = quotePrice(prices, pledgeCoin, loanCoin, session.client.clock.now());
	const referencePledge = referencePledgeFor(loanAmount, price, pledgeInfo);
	const results: Result[] = await Promise.all(
		periods.map((period) =>
			estimateByLoanAmount(session.client, {loanCoin, pledgeCoin, daily: period, loanAmount, referencePledge}, {check: true}).then(
				(value): Result =>
					value === undefined ? {period, ok: false, error: new Error('the estimate lends nothing for this pledge')} : {period, ok: true, value},
				(error: unknown): Result => ({period, ok: false, error}),
			),
		),
	);
	const got = results.filter((result): result is Extract<Result, {ok: true}> => result.ok);
	const failed = results.filter((result): result is Extract<Result, {ok: false}> => !result.ok);
	if (got.length === 0) throw failed[0]!.error;
	const warn = () => {
		for (const result of failed)
			session.out.stderr.write(`loan-tui: warning: ${PERIOD_LABEL[result.period]} (${result.period}) not estimated — ${failureText(result.error)}\n`);
	};
	if (session.out.json) {
		const entry = (result: Result) => {
			if (!result.ok) return {error: failureText(result.error)};
			const figures = estimateFigures({hourInterest: result.value.hourInterest, loanAmount}, result.period);
			return {
				...result.value,
				dailyInterest: figures.dailyInterest,
				termInterest: figures.termInterest,
				annualRate: annualRate(result.value.reference.estimate, loanInfo?.annualRate[result.period]).fraction ?? null,
			};
		};
		printJson(session.out, {loanCoin, pledgeCoin, loanAmount, price, periods: Object.fromEntries(results.map((result) => [result.period, entry(result)]))});
		warn();
		return EXIT.ok;
	}
	const coin = sanitize(loanCoin);
	const pledge = sanitize(pledgeCoin);
	const rows = got.map(({period, value}) => {
		const figures = estimateFigures({hourInterest: value.hourInterest, loanAmount}, period);
		return [
			PERIOD_LABEL[period],
			withCoin(value.pledgeAmount, pledge),
			coinAmount(figures.hourlyInterest, coin),
			coinAmount(figures.dailyInterest, coin),
			`${coinAmount(figures.termInterest, coin)}${period === 'FLEXIBLE' ? ' /day' : ''}`,
			showAnnualRate(annualRate(value.reference.estimate, loanInfo?.annualRate[period])),
		];
	});
	const lines = [
		`Borrow ${withCoin(loanAmount, coin)} against ${pledge}: ${priceWithAge(pledgeCoin, loanCoin, price)}`,
		'',
		...table(['PERIOD', 'COLLATERAL NEEDED', `HOURLY (${coin})`, `DAILY (${coin})`, `OVER TERM (${coin})`, 'APR'], rows),
		'',
		`Collateral derived from one estimate at a reference pledge (the estimate is linear in the pledge), then checked:`,
		...got.map(({period, value}) => `  ${PERIOD_LABEL[period]}: ${loanAmountCheckWords(value, loanAmount, coin, pledge)}`),
	];
	printLines(session.out, lines);
	warn();
	return EXIT.ok;
}
