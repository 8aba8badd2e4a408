import type {BorrowRequest} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {askYesNo} from '../prompt.js';
import {differentCoins, flagValue} from './require-flags.js';
import {ApiError, InputError} from '../../api/errors.js';
import {sanitize} from '../../format/sanitize.js';
import {checkBorrowLimits} from '../../loans/limits.js';
import {estimateLoanCost} from '../../loans/loan-cost.js';
import {postWithReconciliation} from './reconcile-outcome.js';

export interface BorrowIo {
	stdin: NodeJS.ReadableStream & {isTTY?: boolean};
	interactive: boolean;
}

export async function runBorrow(session: Session, values: ParsedArgs['values'], io: BorrowIo): Promise<ExitCode> {
	const request = borrowRequestFrom(values);
	if (!values.yes && !io.interactive) {
		throw new UsageError('borrow needs confirmation: pass --yes, or run it on a terminal to answer the prompt');
	}
	const credentials = await session.requireCredentials();
	// Refused before the question, not after a "y": plain http to another host would expose the credentials.
	session.client.assertCanSign();
	await checkLimits(session, request);
	if (!values.yes) {
		const amount = request.pledgeAmount !== undefined ? `pledging ${request.pledgeAmount} ${request.pledgeCoin}` : `borrowing ${request.loanAmount} ${request.loanCoin}`;
		session.out.stderr.write(
			[
				`Borrow ${request.loanCoin} against ${request.pledgeCoin}, ${PERIOD_LABEL[request.daily]}, ${amount}`,
				...(request.loanAmount !== undefined ? [await costLine(session, request)] : []),
				`  server ${session.connectedTo}, profile ${credentials.profile} (${credentials.source})`,
				'',
			].join('\n'),
		);
		const yes = await askYesNo('Borrow? [y/N] ', io.stdin, session.out.stderr);
		if (!yes) {
			session.out.stderr.write('Not borrowed: nothing was sent.\n');
			return EXIT.usage;
		}
	}
	const knownOrderIds = await session.client
		.ongoingOrders({loanCoin: request.loanCoin, pledgeCoin: request.pledgeCoin})
		.then((loans) => loans.map((loan) => loan.orderId))
		.catch(() => undefined);
	const order = await postWithReconciliation(
		session,
		(sentAt) => ({kind: 'borrow', request, sentAt, knownOrderIds}),
		(signal) => session.client.borrow(request, {signal}),
	);
	if (session.out.json) printJson(session.out, order);
	else printLines(session.out, [`Loan order created: ${order.orderId}`]);
	return EXIT.ok;
}

/**
 * Bitget's min/max borrow of the loan coin, from coinInfos, before anything is sent. A pledge-amount borrow is
 * checked through the estimate of what it borrows. When the lookups fail the server still checks: say so.
 */
async function checkLimits(session: Session, request: BorrowRequest): Promise<void> {
	const note = (why: string) => {
		if (!session.out.json) session.out.stderr.write(`Note: could not check Bitget's borrow limits before sending (${sanitize(why)}); the server checks them.\n`);
	};
	let info;
	try {
		info = (await session.client.coinInfos(request.loanCoin)).loanInfos.find((item) => item.coin === request.loanCoin);
	} catch (error) {
		if (error instanceof ApiError && error.code === '40034') throw new InputError(`not borrowed: ${request.loanCoin} is not a loanable coin (${error.code} ${error.serverMessage})`);
		return note(error instanceof Error ? error.message : String(error));
	}
	if (info === undefined) throw new InputError(`not borrowed: ${request.loanCoin} is not in Bitget's list of loanable coins (loan-tui coins)`);
	let loanAmount = request.loanAmount;
	if (loanAmount === undefined) {
		try {
			loanAmount = (await session.client.estimate({loanCoin: request.loanCoin, pledgeCoin: request.pledgeCoin, daily: request.daily, pledgeAmount: request.pledgeAmount!})).loanAmount;
		} catch (error) {
			return note(error instanceof Error ? error.message : String(error));
		}
	}
	const verdict = checkBorrowLimits(info, loanAmount);
	if (!verdict.ok) throw new InputError(`not borrowed: ${verdict.reason}`);
}

/** By loan amount: the collateral it takes and the hourly interest, scaled from an estimate and marked as estimates. */
async function costLine(session: Session, request: BorrowRequest): Promise<string> {
	const {loanCoin, pledgeCoin, daily} = request;
	try {
		const cost = await estimateLoanCost((pledgeAmount) => session.client.estimate({loanCoin, pledgeCoin, daily, pledgeAmount}), request.loanAmount!);
		if (cost === undefined) return '  collateral and interest: no estimate (the estimate borrows nothing)';
		return `  takes about ${cost.pledgeAmount} ${pledgeCoin} of collateral, about ${cost.hourInterest} ${loanCoin} interest per hour (estimates)`;
	} catch (error) {
		return `  collateral and interest: no estimate (${sanitize(error instanceof Error ? error.message : String(error))})`;
	}
}

export function borrowRequestFrom(values: ParsedArgs['values']): BorrowRequest {
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const pledgeCoin = flagValue('pledge-coin', values['pledge-coin'], checkCoin);
	differentCoins(loanCoin, pledgeCoin);
	const daily = flagValue('daily', values.daily, (text) => checkPeriod(text));
	const pledge = values['pledge-amount'];
	const loan = values['loan-amount'];
	if (pledge !== undefined && loan !== undefined) throw new UsageError('give exactly one of --pledge-amount and --loan-amount, not both');
	if (pledge === undefined && loan === undefined) throw new UsageError('give one of --pledge-amount or --loan-amount');
	return pledge !== undefined
		? {loanCoin, pledgeCoin, daily, pledgeAmount: flagValue('pledge-amount', pledge, checkAmount)}
		: {loanCoin, pledgeCoin, daily, loanAmount: flagValue('loan-amount', loan, checkAmount)};
}
