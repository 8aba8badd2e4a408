// loan-tui collateral ORDER (add|withdraw) N [--yes]: the LTV before and after from the loan's own figures; a
// withdrawal reaching the margin-call LTV is refused here, before anything is sent.
import {InputError} from '../../api/errors.js';
import {checkAmount} from '../../api/validate.js';
import {ltvPercent, withCoin} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import {checkCollateralChange} from '../../loans/ltv.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../../runtime/exit-codes.js';
import {printJson, printLines} from '../../runtime/output.js';
import {askYesNo} from '../prompt.js';
import type {Session} from '../../runtime/session.js';
import type {BorrowIo} from './borrow.js';
import {findLoan, orderIdArgument} from './loan-lookup.js';
import {refuseMissing} from './require-flags.js';
import {didYouMean} from '../../format/suggest.js';
import {failed, runMoneyPost} from '../money-command.js';
import {collateralToAdd, collateralToWithdraw, DEFAULT_SAFETY_MARGIN, pastMaxWithdrawable} from '../../loans/targets.js';
import {pastMaxWords} from '../../format/loan-targets.js';
import {marginFlag, toLtvFlag} from './to-ltv.js';
import {collateralPriceLines} from './loan-prices.js';

export async function runCollateral(session: Session, positionals: string[], values: ParsedArgs['values'], io: BorrowIo): Promise<ExitCode | number> {
	const [order, word, amountText] = positionals;
	const target = values['to-ltv'] === undefined ? undefined : toLtvFlag(values['to-ltv']);
	const safetyMargin = values.margin === undefined ? DEFAULT_SAFETY_MARGIN : marginFlag(values.margin);
	refuseMissing([
		...(order === undefined ? ["the loan's order id (ORDER)"] : []),
		...(word === undefined ? ['add or withdraw'] : []),
		...(amountText === undefined && target === undefined ? ['the amount (N, or --to-ltv PCT)'] : []),
	]);
	const orderId = orderIdArgument(order, 'collateral');
	const action = word?.toLowerCase();
	if (action !== 'add' && action !== 'withdraw')
		throw new UsageError(`"${word}": say add or withdraw${didYouMean(word ?? '', ['add', 'withdraw'])}: loan-tui collateral ORDER (add|withdraw) N`);
	if (amountText !== undefined && target !== undefined) throw new UsageError('give the amount N or --to-ltv PCT, not both');
	let amount = '';
	if (amountText !== undefined) {
		const checked = checkAmount(amountText, 'collateral amount');
		if (!checked.ok) throw new UsageError(checked.message);
		amount = checked.value;
	}
	if (!values.yes && !io.interactive) throw new UsageError('collateral changes need confirmation: pass --yes, or run it on a terminal to answer the prompt');
	const credentials = await session.requireCredentials();
	// Refused before the question: plain http to another host would expose the credentials.
	session.client.assertCanSign();
	const loan = await findLoan(session, orderId);
	const pledgeCoin = sanitize(loan.pledgeCoin);
	if (target !== undefined) {
		// The amount that reaches the target, from the loan's own figures; then the same check and review as a typed one.
		const computed = action === 'add' ? collateralToAdd(loan, target) : collateralToWithdraw(loan, target);
		if (!computed.ok) throw new InputError(`not ${action === 'add' ? 'added' : 'withdrawn'}: ${computed.reason}`);
		amount = computed.amount;
	}
	const check = checkCollateralChange(loan, action, amount);
	if (!check.ok) throw new InputError(`not ${action === 'add' ? 'added' : 'withdrawn'}: ${check.reason}`);
	// Past "max withdrawable" (loans ORDER shows it): --yes alone does not accept it; its own flag does, or a second
	// question on a terminal.
	const past = action === 'withdraw' ? pastMaxWithdrawable(loan, amount, safetyMargin) : undefined;
	const pastPhrase = past === undefined ? undefined : pastMaxWords(loan, past, safetyMargin);
	const pastWords = pastPhrase === undefined ? undefined : `${amount} ${pledgeCoin} is ${pastPhrase}`;
	if (pastWords !== undefined && !values['past-max-withdrawable'] && values.yes) {
		throw new InputError(`not withdrawn: ${pastWords}`, 'To withdraw it anyway, add --past-max-withdrawable; nothing was sent.');
	}
	if (!values.yes) {
		session.out.stderr.write(
			[
				`${action === 'add' ? 'Add' : 'Withdraw'} ${amount} ${pledgeCoin} ${action === 'add' ? 'to' : 'from'} order ${orderId} (collateral ${withCoin(loan.pledgeAmount, pledgeCoin)} → ${withCoin(check.pledgeAfter, pledgeCoin)})${target === undefined ? '' : `, computed for an LTV of ${ltvPercent(target)}`}`,
				...(await collateralPriceLines(session, loan, check.pledgeAfter)),
				`  LTV ${ltvPercent(check.before)} → ${ltvPercent(check.after)} (margin call ${ltvPercent(loan.supRate)}, liquidation ${ltvPercent(loan.forceRate)}), at today's price`,
				...(pastWords === undefined ? [] : [`  ⚠ ${pastWords}`]),
				`  server ${session.connectedTo}, profile ${credentials.profile} (${credentials.source})`,
				'',
			].join('\n'),
		);
		const asked = await askYesNo(`${action === 'add' ? 'Add' : 'Withdraw'}? [y/N] `, io.stdin, session.out.stderr);
		// A second, explicit question past the max withdrawable, naming where it leaves the loan.
		const again =
			asked && pastPhrase !== undefined && !values['past-max-withdrawable']
				? await askYesNo(`That is ${pastPhrase}. Withdraw anyway? [y/N] `, io.stdin, session.out.stderr)
				: asked;
		if (!again) {
			session.out.stderr.write('Collateral unchanged: nothing was sent.\n');
			return EXIT.usage;
		}
	}
	const request = {orderId, amount, pledgeCoin: loan.pledgeCoin, reviseType: action === 'add' ? ('IN' as const) : ('OUT' as const)};
	const sent = await runMoneyPost(session, {kind: 'revisePledge', request, loan});
	if ('exit' in sent) return failed(session, sent);
	if (sent.result.kind !== 'revisePledge') return EXIT.ok;
	const result = sent.result.result;
	if (session.out.json) printJson(session.out, result);
	else
		printLines(session.out, [
			`Collateral ${action === 'add' ? 'added' : 'withdrawn'}: ${amount} ${pledgeCoin} on order ${orderId}; LTV now ${ltvPercent(result.afterPledgeRate)}`,
		]);
	return EXIT.ok;
}
