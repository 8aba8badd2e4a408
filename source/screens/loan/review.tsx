// The review of a repayment or a collateral change: exactly what will be sent and what it will do, from the loan's
// own figures (loans/repay-preview.ts, loans/ltv.ts), then the y/N question. The amount that is sent is shown as the
// exact string sent; the loan's own figures go through their formatters (format/money.ts).
import React from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {checkCollateralChange} from '../../loans/ltv.js';
import {DEFAULT_SAFETY_MARGIN, pastMaxWithdrawable} from '../../loans/targets.js';
import {pastMaxWords, pointsFromCall} from '../../format/loan-targets.js';
import {collateralForRepay} from '../../loans/collateral-repay.js';
import {repayPreview} from '../../loans/repay-preview.js';
import type {Theme} from '../../ui/theme.js';
import {ReviewQuestion} from '../../ui/money/review-question.js';
import type {LoanActionState} from './reducer.js';
import {collateralPriceRows} from '../../format/loan-prices.js';
import type {PricesRead} from '../../ui/use-prices.js';

interface Props {
	state: LoanActionState;
	loan: OngoingLoan;
	connectedTo: string;
	refusal?: unknown;
	confirmAgain: boolean;
	theme: Theme;
	/** The tickers as read with the loan; undefined while they are read. */
	prices?: PricesRead;
	/** Server time, epoch ms (a price's age, the hours of interest started by the send). */
	serverNow: number;
	/** Server time of the read the loan's figures come from: the hours started since are counted (loans/repay-preview.ts). */
	readAt?: number;
	/** The room "max withdrawable" keeps below the margin call (a fraction; default DEFAULT_SAFETY_MARGIN). */
	safetyMargin?: string;
}

const QUESTION = {repay: 'Repay? [y/N]', add: 'Add collateral? [y/N]', withdraw: 'Withdraw collateral? [y/N]'} as const;

export function LoanReview({state, loan, connectedTo, refusal, confirmAgain, theme, prices, serverNow, readAt, safetyMargin = DEFAULT_SAFETY_MARGIN}: Props) {
	const rows = state.action === 'repay' ? repayRows(state, loan, serverNow, readAt) : collateralRows(state, loan, prices, serverNow);
	// A withdrawal past "max withdrawable": said on the review, and a second question after the first y.
	const past = state.action === 'withdraw' ? pastMaxWithdrawable(loan, state.amount, safetyMargin) : undefined;
	const question =
		past !== undefined && state.pastMaxAsked
			? `Withdraw anyway, to an LTV of ${ltvPercent(past.ltvAfter)}, ${pointsFromCall(past.toMarginCall)} from the margin call? [y/N]`
			: QUESTION[state.action ?? 'repay'];
	return (
		<Box flexDirection="column">
			<Text bold wrap="truncate">
				Review — this is exactly what will be sent:
			</Text>
			{[
				['Order', `${loan.orderId} (${sanitize(loan.loanCoin)} against ${sanitize(loan.pledgeCoin)})`] as [string, string],
				...rows,
				['Server', connectedTo === 'demo' ? 'demo (embedded simulator)' : connectedTo] as [string, string],
			].map(
				// A long value (a price before → after) wraps rather than being cut.
				([label, value]) => (
					<Text key={label} wrap="wrap">
						{'  '}
						{label.padEnd(16)}
						<Text bold>{value}</Text>
					</Text>
				),
			)}
			{past !== undefined ? (
				<Text wrap="wrap" color={theme.warn} bold>
					⚠ {state.amount} {sanitize(loan.pledgeCoin)} is {pastMaxWords(loan, past, safetyMargin)}.
					{state.pastMaxAsked ? ' y withdraws it anyway; n goes back.' : ''}
				</Text>
			) : null}
			<ReviewQuestion
				refusal={refusal}
				nothingDone={`Nothing was ${state.action === 'repay' ? 'repaid' : 'changed'}.`}
				confirmAgain={confirmAgain}
				mayExist="it may already have been done"
				question={question}
				theme={theme}
			/>
		</Box>
	);
}

/** `serverNow`: the interest counts an hour that starts before the request would arrive, and `readAt` the hours started
 * since the loan was read (loans/repay-preview.ts): an estimate, said so. */
function repayRows(state: LoanActionState, loan: OngoingLoan, serverNow: number, readAt?: number): Array<[string, string]> {
	const coin = sanitize(loan.loanCoin);
	const pledgeCoin = sanitize(loan.pledgeCoin);
	const preview = repayPreview(loan, {all: state.repayAll, amount: state.repayAll ? undefined : state.amount, unlock: state.unlock}, serverNow, readAt);
	if (!preview.ok) return [['Repay', `refused here: ${preview.reason}`]];
	const show = (value: string) => withCoin(value, coin);
	const release =
		preview.release.kind === 'all'
			? `all ${withCoin(preview.release.amount, pledgeCoin)} released`
			: preview.release.kind === 'none'
				? `kept (none released); LTV ${ltvPercent(loan.pledgeRate)} → ${ltvPercent(preview.ltvAfter)}`
				: `some ${pledgeCoin} released (Bitget sizes the release)`;
	const counted = [
		...(preview.sinceRead
			? [
					`${preview.sinceRead.hours === 1 ? 'the hour' : `the ${preview.sinceRead.hours} hours`} started since the loan was read, ${show(preview.sinceRead.interest)}`,
				]
			: []),
		...(preview.nextHour ? [`the next hour's ${show(preview.nextHour.interest)}: it starts within a minute`] : []),
	];
	return [
		// repayAll pays what is owed when it arrives: the amount is an estimate, the interest charged per started hour.
		['Repay', state.repayAll ? `everything: ≈ ${show(preview.pay)} (estimate)` : `${state.amount} ${coin} of ≈ ${show(preview.owed)} owed`],
		['Interest', `≈ ${show(preview.interest)} (paid first; estimate${counted.length > 0 ? `, with ${counted.join(' and ')}` : ''})`],
		['Principal', `${show(preview.principal)}; left afterwards ${show(preview.remainingPrincipal)}`],
		...(state.fromCollateral ? [paidFromCollateral(loan, preview.pay, pledgeCoin, preview.release.kind === 'all')] : []),
		['Collateral', state.fromCollateral && preview.release.kind === 'all' ? 'what is left of it released' : release],
	];
}

/** Paying out of the collateral: the pledge coin sold at today's price (loans/collateral-repay.ts). */
function paidFromCollateral(loan: OngoingLoan, pay: string, pledgeCoin: string, all: boolean): [string, string] {
	const cost = collateralForRepay(loan, pay);
	if (!cost) return ['Paid with', `the collateral: Bitget sells ${pledgeCoin} at its price`];
	return [
		'Paid with',
		`the collateral: ≈ ${withCoin(cost.sold, pledgeCoin)} sold at today's price, ≈ ${withCoin(cost.left, pledgeCoin)} ${all ? 'released' : 'left pledged'}`,
	];
}

/** The price rows' labels in the review (format/loan-prices.ts names them as the CLI's prompt writes them). */
const PRICE_LABEL: Record<string, string> = {price: 'Price', 'margin call at': 'Margin call at', 'liquidation at': 'Liquidation at'};

function collateralRows(state: LoanActionState, loan: OngoingLoan, prices: PricesRead | undefined, serverNow: number): Array<[string, string]> {
	const coin = sanitize(loan.pledgeCoin);
	const change = state.action === 'add' ? 'add' : 'withdraw';
	const check = checkCollateralChange(loan, change, state.amount);
	const ltv = check.after === undefined ? ltvPercent(check.before) : `${ltvPercent(check.before)} → ${ltvPercent(check.after)}`;
	// Today's price, and the margin-call and liquidation prices before → after the change.
	const priceRows: Array<[string, string]> =
		prices === undefined
			? [['Price', 'reading the prices…']]
			: collateralPriceRows(prices.prices, loan, serverNow, check.pledgeAfter).map(([label, value]) => [PRICE_LABEL[label] ?? label, value]);
	return [
		[
			change === 'add' ? 'Add' : 'Withdraw',
			`${state.amount} ${coin} (collateral ${withCoin(loan.pledgeAmount, coin)} → ${check.pledgeAfter === undefined ? 'none' : withCoin(check.pledgeAfter, coin)})`,
		],
		['LTV', `${ltv} at today's price (margin call ${ltvPercent(loan.supRate)}, liquidation ${ltvPercent(loan.forceRate)})`],
		...priceRows,
		...(check.ok ? [] : ([['Refused here', check.reason]] as Array<[string, string]>)),
	];
}
