import type {BorrowRequest} from '../../api/types.js';
import {checkAmount, checkCoin, checkPeriod} from '../../api/validate.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {askYesNo} from '../prompt.js';
import {differentCoins, flagValue, refuseMissing} from './require-flags.js';
import {InputError} from '../../api/errors.js';
import {sanitize} from '../../format/sanitize.js';
import {borrowReviewLines} from './borrow-review.js';
import {checkBorrow, CoinListUnreadableError} from '../../operations/borrow-check.js';
import {failed, runMoneyPost} from '../money-command.js';

export interface BorrowIo {
	stdin: NodeJS.ReadableStream & {isTTY?: boolean};
	interactive: boolean;
}

export async function runBorrow(session: Session, values: ParsedArgs['values'], io: BorrowIo): Promise<ExitCode | number> {
	const request = borrowRequestFrom(values);
	if (!values.yes && !io.interactive) {
		throw new UsageError('borrow needs confirmation: pass --yes, or run it on a terminal to answer the prompt');
	}
	const credentials = await session.requireCredentials();
	// Refused before the question, not after a "y": plain http to another host would expose the credentials.
	session.client.assertCanSign();
	const read = await checkLimits(session, request);
	if (!values.yes) {
		const amount =
			request.pledgeAmount !== undefined ? `pledging ${request.pledgeAmount} ${request.pledgeCoin}` : `borrowing ${request.loanAmount} ${request.loanCoin}`;
		session.out.stderr.write(
			[
				`Borrow ${request.loanCoin} against ${request.pledgeCoin}, ${PERIOD_LABEL[request.daily]}, ${amount}`,
				...(await borrowReviewLines(session, request, read)),
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
	const sent = await runMoneyPost(session, {kind: 'borrow', request, prechecked: true});
	if ('exit' in sent) return failed(session, sent);
	const order = sent.result.kind === 'borrow' ? sent.result.result : undefined;
	if (session.out.json) printJson(session.out, order);
	else printLines(session.out, [`Loan order created: ${order?.orderId ?? '?'}`]);
	return EXIT.ok;
}

/** The one pre-check (operations/borrow-check.ts): what the lists rule out is refused here, exit 2, nothing sent; a
 * coin list that cannot be read refuses too, exit 1 (the read failed, not the input). */
async function checkLimits(session: Session, request: BorrowRequest) {
	const verdict = await checkBorrow(session.client, request);
	if (verdict.status === 'refused') throw new InputError(`not borrowed: ${verdict.reason}`);
	if (verdict.status === 'unreadable') throw new CoinListUnreadableError(`not borrowed: ${verdict.reason}`, verdict.error);
	if (!session.out.json) for (const note of verdict.notes) session.out.stderr.write(`Note: ${sanitize(note)}.\n`);
	return verdict.read;
}

export function borrowRequestFrom(values: ParsedArgs['values']): BorrowRequest {
	refuseMissing([
		...(values['loan-coin'] === undefined ? ['--loan-coin'] : []),
		...(values['pledge-coin'] === undefined ? ['--pledge-coin'] : []),
		...(values.daily === undefined ? ['--daily'] : []),
		...(values['pledge-amount'] === undefined && values['loan-amount'] === undefined ? ['one of --pledge-amount or --loan-amount'] : []),
	]);
	const loanCoin = flagValue('loan-coin', values['loan-coin'], checkCoin);
	const pledgeCoin = flagValue('pledge-coin', values['pledge-coin'], checkCoin);
	differentCoins(loanCoin, pledgeCoin);
	const daily = flagValue('daily', values.daily, (text) => checkPeriod(text));
	const pledge = values['pledge-amount'];
	const loan = values['loan-amount'];
	return pledge !== undefined
		? {loanCoin, pledgeCoin, daily, pledgeAmount: flagValue('pledge-amount', pledge, checkAmount)}
		: {loanCoin, pledgeCoin, daily, loanAmount: flagValue('loan-amount', loan, checkAmount)};
}
