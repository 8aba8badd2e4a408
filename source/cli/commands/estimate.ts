import {ApiError} from '../../api/errors.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {PERIODS, type Estimate, type Period} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {annualRate, showAnnualRate, type AnnualRate} from '../../format/apr.js';
import {estimateFigures, PERIOD_LABEL} from '../../format/estimate.js';
import {sanitize} from '../../format/sanitize.js';
import {coinAmount, withCoin} from '../../format/money.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {differentCoins, flagValue, refuseMissing, refuseUnknownCoins} from './require-flags.js';

type PeriodResult = {period: Period; ok: true; estimate: Estimate} | {period: Period; ok: false; error: unknown};

export async function runEstimate(session: Session, values: ParsedArgs['values']): Promise<ExitCode> {
	if (values['loan-amount'] !== undefined) return (await import('./estimate-by-loan.js')).runEstimateByLoanAmount(session, values);
	refuseMissing([
		...(values['loan-coin'] === undefined ? ['--loan-coin'] : []),
		...(values['pledge-coin'] === undefined ? ['--pledge-coin'] : []),
		...(values.daily === undefined && !values.all ? [['--daily', 'or --all to compare SEVEN, THIRTY and FLEXIBLE'] as const] : []),
		...(values['pledge-amount'] === undefined ? [['--pledge-amount', 'or --loan-amount to estimate by the amount to borrow'] as const] : []),
	]);
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const pledgeCoin = flagValue('pledge-coin', values['pledge-coin'], checkCoin);
	differentCoins(loanCoin, pledgeCoin);
	const periods: Period[] = values.all ? [...PERIODS] : [flagValue('daily', values.daily, (text) => checkPeriod(text))];
	const pledgeAmount = flagValue('pledge-amount', values['pledge-amount'], checkAmount);
	const coinList = await refuseUnknownCoins(session, loanCoin, pledgeCoin);

	// Each period stands alone: a period Bitget refuses (FLEXIBLE is not offered for every coin) must not lose the
	// others. --all exits 0 when at least one period was estimated (runtime/command-spec.ts says so in the help).
	const results: PeriodResult[] = await Promise.all(
		periods.map((period) =>
			session.client.estimate({loanCoin, pledgeCoin, daily: period, pledgeAmount}).then(
				(estimate): PeriodResult => ({period, ok: true, estimate}),
				(error: unknown): PeriodResult => ({period, ok: false, error}),
			),
		),
	);
	const got = results.filter((result): result is Extract<PeriodResult, {ok: true}> => result.ok);
	const failed = results.filter((result): result is Extract<PeriodResult, {ok: false}> => !result.ok);
	// Nothing estimated: the first failure is the command's failure (exit 1), with the usual message and hint.
	if (got.length === 0) throw failed[0]!.error;
	if (session.out.json) {
		const entry = (result: PeriodResult) => (result.ok ? result.estimate : {error: failureFields(result.error)});
		printJson(session.out, values.all ? Object.fromEntries(results.map((result) => [result.period, entry(result)])) : got[0]!.estimate);
		for (const result of failed) session.out.stderr.write(`loan-tui: warning: ${notEstimated(result.period, result.error)}\n`);
		return EXIT.ok;
	}
	const rates = await annualRates(session, loanCoin, got, coinList);
	const heading = `Pledge ${pledgeAmount} ${pledgeCoin}, borrow ${loanCoin}`;
	if (!values.all) {
		printLines(session.out, [`${heading}, ${PERIOD_LABEL[got[0]!.period]}`, ...singleEstimate(got[0]!.estimate, got[0]!.period, loanCoin, rates[0]!)]);
	} else {
		printLines(session.out, [heading, '', ...comparison(got, loanCoin, rates)]);
	}
	for (const result of failed) session.out.stderr.write(`loan-tui: warning: ${notEstimated(result.period, result.error)}\n`);
	return EXIT.ok;
}

/** "flexible term not estimated: 40020 Parameter daily error (HTTP 400)": the period, and the server's code and msg. */
function notEstimated(period: Period, error: unknown): string {
	const why =
		error instanceof ApiError
			? `refused by the server: ${sanitize(`${error.code} ${error.serverMessage}`.trim())} (HTTP ${error.httpStatus})`
			: sanitize(error instanceof Error ? error.message : String(error));
	return `${PERIOD_LABEL[period]} (${period}) not estimated — ${why}`;
}

/** A period's failure in --json: the server's code and msg when it answered, else what went wrong. */
function failureFields(error: unknown): Record<string, unknown> {
	const message = sanitize(error instanceof Error ? error.message : String(error));
	return error instanceof ApiError ? {message, code: sanitize(error.code), msg: sanitize(error.serverMessage), httpStatus: error.httpStatus} : {message};
}

/**
 * The annual rate per period by the app's rule (format/apr.ts, as the Estimate screen shows it): the estimate's own
 * rate when its figures carry enough digits, else the coin's official rate from the public coin list (the one the
 * coin check read; read again only when that failed), else "—". A tiny amount's derived rate is rounding noise and is never shown.
 */
async function annualRates(
	session: Session,
	loanCoin: string,
	got: Array<{period: Period; estimate: Estimate}>,
	coinList: CoinInfos | undefined,
): Promise<AnnualRate[]> {
	const own = got.map(({estimate}) => annualRate(estimate));
	if (own.every((rate) => rate.source === 'estimate')) return own;
	const official =
		coinList?.loanInfos.find((info) => info.coin === loanCoin) ??
		(await session.client.coinInfos(loanCoin).then(
			(infos) => infos.loanInfos.find((info) => info.coin === loanCoin),
			() => undefined,
		));
	return got.map(({period, estimate}) => annualRate(estimate, official?.annualRate[period]));
}

function singleEstimate(estimate: Estimate, period: Period, coin: string, rate: AnnualRate): string[] {
	const figures = estimateFigures(estimate, period);
	return table(
		['', ''],
		[
			['Borrowable', withCoin(figures.borrowable, coin)],
			['Hourly interest', withCoin(figures.hourlyInterest, coin)],
			['Daily interest', withCoin(figures.dailyInterest, coin)],
			[`Interest ${figures.termLabel}`, withCoin(figures.termInterest, coin)],
			['Annualised rate', showAnnualRate(rate)],
		],
	)
		.slice(1)
		.map((line) => `  ${line}`);
}

function comparison(got: Array<{period: Period; estimate: Estimate}>, coin: string, rates: AnnualRate[]): string[] {
	const figures = got.map(({estimate, period}) => estimateFigures(estimate, period));
	return table(
		['', ...got.map(({period}) => PERIOD_LABEL[period])],
		[
			[`Borrowable (${coin})`, ...figures.map((f) => coinAmount(f.borrowable, coin))],
			[`Hourly interest (${coin})`, ...figures.map((f) => coinAmount(f.hourlyInterest, coin))],
			[`Daily interest (${coin})`, ...figures.map((f) => coinAmount(f.dailyInterest, coin))],
			[`Interest over term (${coin})`, ...figures.map((f) => `${coinAmount(f.termInterest, coin)} ${f.termLabel.startsWith('per') ? '/day' : ''}`.trim())],
			['Annualised rate', ...rates.map(showAnnualRate)],
		],
	);
}
