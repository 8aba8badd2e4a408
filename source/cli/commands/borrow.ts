import type {BorrowRequest} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {askYesNo} from '../prompt.js';
import {withInterrupts} from '../money-call.js';
import {differentCoins, flagValue} from './require-flags.js';

export interface BorrowIo {
	stdin: NodeJS.ReadableStream & {isTTY?: boolean};
	interactive: boolean;
}

export async function runBorrow(session: Session, values: ParsedArgs['values'], io: BorrowIo): Promise<ExitCode> {
	const request = borrowRequestFrom(values);
	const credentials = await session.requireCredentials();
	// Refused before the question, not after a "y": plain http to another host would expose the credentials.
	session.client.assertCanSign();
	if (!values.yes) {
		if (!io.interactive) {
			throw new UsageError('borrow needs confirmation: pass --yes, or run it on a terminal to answer the prompt');
		}
		const amount = request.pledgeAmount !== undefined ? `pledging ${request.pledgeAmount} ${request.pledgeCoin}` : `borrowing ${request.loanAmount} ${request.loanCoin}`;
		session.out.stderr.write(
			[
				`Borrow ${request.loanCoin} against ${request.pledgeCoin}, ${PERIOD_LABEL[request.daily]}, ${amount}`,
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
	const order = await withInterrupts((signal) => session.client.borrow(request, {signal}));
	if (session.out.json) printJson(session.out, order);
	else printLines(session.out, [`Loan order created: ${order.orderId}`]);
	return EXIT.ok;
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
