import {PERIODS, type Estimate, type Period} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {estimateFigures, PERIOD_LABEL} from '../../format/estimate.js';
import {sanitize} from '../../format/sanitize.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {differentCoins, flagValue} from './require-flags.js';

export async function runEstimate(session: Session, values: ParsedArgs['values']): Promise<ExitCode> {
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const pledgeCoin = flagValue('pledge-coin', values['pledge-coin'], checkCoin);
	differentCoins(loanCoin, pledgeCoin);
	if (values.all && values.daily !== undefined) throw new UsageError('give either --daily or --all, not both');
	const periods: Period[] = values.all ? [...PERIODS] : [flagValue('daily', values.daily, (text) => checkPeriod(text), 'or --all to compare SEVEN, THIRTY and FLEXIBLE')];
	const pledgeAmount = flagValue('pledge-amount', values['pledge-amount'], checkAmount);

	const estimates = await Promise.all(
		periods.map((daily) => session.client.estimate({loanCoin, pledgeCoin, daily, pledgeAmount})),
	);
	if (session.out.json) {
		printJson(session.out, values.all ? Object.fromEntries(periods.map((period, i) => [period, estimates[i]])) : estimates[0]);
		return EXIT.ok;
	}
	const heading = `Pledge ${pledgeAmount} ${pledgeCoin}, borrow ${loanCoin}`;
	if (periods.length === 1) {
		printLines(session.out, [`${heading}, ${PERIOD_LABEL[periods[0]!]}`, ...singleEstimate(estimates[0]!, periods[0]!, loanCoin)]);
	} else {
		printLines(session.out, [heading, '', ...comparison(estimates, periods, loanCoin)]);
	}
	return EXIT.ok;
}

function singleEstimate(estimate: Estimate, period: Period, coin: string): string[] {
	const figures = estimateFigures(estimate, period);
	const unit = ` ${coin}`;
	return table(
		['', ''],
		[
			['Borrowable', sanitize(figures.borrowable) + unit],
			['Hourly interest', figures.hourlyInterest + unit],
			['Daily interest', figures.dailyInterest + unit],
			[`Interest ${figures.termLabel}`, figures.termInterest + unit],
			['Annualised rate', figures.annualRate],
		],
	).slice(1).map((line) => `  ${line}`);
}

function comparison(estimates: Estimate[], periods: Period[], coin: string): string[] {
	const figures = estimates.map((estimate, i) => estimateFigures(estimate, periods[i]!));
	return table(
		['', ...periods.map((period) => PERIOD_LABEL[period])],
		[
			[`Borrowable (${coin})`, ...figures.map((f) => f.borrowable)],
			[`Hourly interest (${coin})`, ...figures.map((f) => f.hourlyInterest)],
			[`Daily interest (${coin})`, ...figures.map((f) => f.dailyInterest)],
			[`Interest over term (${coin})`, ...figures.map((f) => `${f.termInterest} ${f.termLabel.startsWith('per') ? '/day' : ''}`.trim())],
			['Annualised rate', ...figures.map((f) => f.annualRate)],
		],
	);
}
