// loan-tui repay ORDER (--all | --amount N) [--keep-collateral] [--yes]: one POST per confirmation; an unknown
// outcome is followed by a check of the loan, and still exits 3.
import {InputError} from '../../api/errors.js';
import type {RepayRequest} from '../../api/loan-types.js';
import {checkAmount} from '../../api/validate.js';
import {sanitize} from '../../format/sanitize.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {collateralForRepay} from '../../loans/collateral-repay.js';
import {repayPreview} from '../../loans/repay-preview.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines} from '../../runtime/output.js';
import {askYesNo} from '../prompt.js';
import type {Session} from '../../runtime/session.js';
import type {BorrowIo} from './borrow.js';
import {findLoan, orderIdArgument} from './loan-lookup.js';
import {failed, runMoneyPost} from '../money-command.js';
import {flagValue, refuseMissing} from './require-flags.js';
import {repaymentToLtv} from '../../loans/targets.js';
import {toLtvFlag} from './to-ltv.js';

/** The interest is an estimate (charged per started hour); says which hours it counts beyond the ones read. */
function interestWords(
	preview: {nextHour?: {startsAt: number; interest: string}; sinceRead?: {hours: number; interest: string}},
	coin: string,
	now: number,
): string {
	const counted = [
		...(preview.sinceRead
			? [
					`${preview.sinceRead.hours === 1 ? 'the hour' : `the ${preview.sinceRead.hours} hours`} started since the loan was read, ${withCoin(preview.sinceRead.interest, coin)}`,
				]
			: []),
		...(preview.nextHour
			? [`the next hour's ${withCoin(preview.nextHour.interest, coin)}: it starts in ${Math.max(0, Math.ceil((preview.nextHour.startsAt - now) / 1000))} s`]
			: []),
	];
	return `estimate${counted.length > 0 ? `, with ${counted.join(' and ')}` : ''}`;
}

export async function runRepay(session: Session, positionals: string[], values: ParsedArgs['values'], io: BorrowIo): Promise<ExitCode | number> {
	const target = values['to-ltv'] === undefined ? undefined : toLtvFlag(values['to-ltv']);
	refuseMissing([
		...(positionals[0] === undefined ? ["the loan's order id (ORDER)"] : []),
		...(!values.all && values.amount === undefined && target === undefined ? ['--all (or --amount N for a partial repayment)'] : []),
	]);
	const orderId = orderIdArgument(positionals[0], 'repay');
	let amount = values.amount === undefined ? undefined : flagValue('amount', values.amount, checkAmount);
	// Only a repayment that keeps the collateral lowers the LTV: --to-ltv keeps it.
	const unlock = !values['keep-collateral'] && target === undefined;
	if (!values.yes && !io.interactive) throw new UsageError('repay needs confirmation: pass --yes, or run it on a terminal to answer the prompt');
	const credentials = await session.requireCredentials();
	// Refused before the question: plain http to another host would expose the credentials.
	session.client.assertCanSign();
	// Out of the collateral: only a unified trading account's repay has that method (reference Part E.1).
	const fromCollateral = values['from-collateral'] === true;
	if (fromCollateral && (await session.client.accountFamily()) !== 'unified') {
		throw new UsageError('--from-collateral needs a unified trading account; this Bitget account is a classic one (repay with the loan coin)');
	}
	// Server time as the loan is read: its interest holds the hours started by then.
	const readAt = session.client.clock.now();
	const loan = await findLoan(session, orderId);
	if (target !== undefined) {
		const computed = repaymentToLtv(loan, target);
		if (!computed.ok) throw new InputError(`not repaid: ${computed.reason}`);
		amount = computed.amount;
	}
	// Server time: an hour of interest that starts before the request arrives is counted (loans/repay-preview.ts).
	const now = session.client.clock.now();
	const preview = repayPreview(loan, {all: values.all === true, amount, unlock, withCoin}, now, readAt);
	if (!preview.ok) throw new InputError(`not repaid: ${preview.reason}`);
	const loanCoin = sanitize(loan.loanCoin);
	const pledgeCoin = sanitize(loan.pledgeCoin);
	if (!values.yes) {
		const release =
			preview.release.kind === 'all'
				? `all ${withCoin(preview.release.amount, pledgeCoin)}`
				: preview.release.kind === 'none'
					? `none (LTV ${ltvPercent(loan.pledgeRate)} → ${ltvPercent(preview.ltvAfter)})`
					: `some ${pledgeCoin} (Bitget sizes the release)`;
		session.out.stderr.write(
			[
				// The amount sent is shown as the exact string sent; repayAll sends none.
				amount === undefined || values.all
					? `Repay order ${orderId}: everything (repayAll), ≈ ${withCoin(preview.owed, loanCoin)} owed (estimate)`
					: `Repay order ${orderId}: ${amount} ${loanCoin} of ≈ ${withCoin(preview.owed, loanCoin)} owed${target === undefined ? '' : `, computed for an LTV of ${ltvPercent(target)} (collateral kept)`}`,
				`  interest ${withCoin(preview.interest, loanCoin)} (${interestWords(preview, loanCoin, now)}), principal ${withCoin(preview.principal, loanCoin)}; left ${withCoin(preview.remainingPrincipal, loanCoin)}`,
				...(fromCollateral ? [soldLine(loan, preview.pay, pledgeCoin, preview.release.kind === 'all')] : []),
				`  collateral released: ${fromCollateral && preview.release.kind === 'all' ? 'what is left of it' : release}`,
				`  server ${session.connectedTo}, profile ${credentials.profile} (${credentials.source})`,
				'',
			].join('\n'),
		);
		if (!(await askYesNo('Repay? [y/N] ', io.stdin, session.out.stderr))) {
			session.out.stderr.write('Not repaid: nothing was sent.\n');
			return EXIT.usage;
		}
	}
	const method = fromCollateral ? {method: 'collateral' as const} : {};
	const request: RepayRequest = values.all
		? {orderId, repayAll: true, repayUnlock: unlock, ...method}
		: {orderId, repayAll: false, amount: amount!, repayUnlock: unlock, ...method};
	const sent = await runMoneyPost(session, {kind: 'repay', request, loan});
	if ('exit' in sent) return failed(session, sent);
	if (sent.result.kind !== 'repay') return EXIT.ok;
	const result = sent.result.result;
	if (session.out.json) printJson(session.out, result);
	else
		printLines(session.out, [
			`Repaid ${withCoin(result.repayAmount, sanitize(result.loanCoin))} on order ${orderId}`,
			`  interest ${withCoin(result.payInterest, sanitize(result.loanCoin))}, principal ${withCoin(result.repayLoanAmount, sanitize(result.loanCoin))}, collateral released ${withCoin(result.repayUnlockAmount, sanitize(result.pledgeCoin))}`,
		]);
	return EXIT.ok;
}

/** What paying out of the collateral costs, at today's price (loans/collateral-repay.ts). */
function soldLine(loan: Parameters<typeof collateralForRepay>[0], pay: string, pledgeCoin: string, all: boolean): string {
	const cost = collateralForRepay(loan, pay);
	if (!cost) return `  paid out of the collateral: Bitget sells ${pledgeCoin} at its price when it repays`;
	return `  paid out of the collateral: ≈ ${withCoin(cost.sold, pledgeCoin)} sold at today's price${all ? `; ≈ ${withCoin(cost.left, pledgeCoin)} released` : `; ≈ ${withCoin(cost.left, pledgeCoin)} stays pledged`}`;
}
