// One ongoing loan by id, for the commands that act on it.
import {InputError, ProtocolError} from '../../api/errors.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';

/** An order id that names no ongoing loan is bad input (exit 2), as a malformed one is. */
const loanNotFound = (orderId: string) => new InputError(`no ongoing loan with order id ${orderId}`, 'List your ongoing loans with: loan-tui loans');

export function orderIdArgument(value: string | undefined, command: string): string {
	if (value === undefined) throw new UsageError(`${command} needs the loan's order id`, `See loan-tui ${command} --help.`);
	const checked = checkOrderId(value);
	if (!checked.ok) throw new UsageError(checked.message);
	return checked.value;
}

/** The loan, read on its own; "not found" only when the answer holds no unreadable loan that could be it. */
export async function findLoan(session: Session, orderId: string): Promise<OngoingLoan> {
	const page = await session.client.ongoingOrderPage({orderId});
	const loan = page.records.find((l) => l.orderId === orderId);
	if (loan) return loan;
	if (page.unreadable > 0) {
		const count = page.unreadable === 1 ? 'a loan' : `${page.unreadable} loans`;
		throw new ProtocolError(
			`order ${orderId}: Bitget's answer held ${count} that could not be read${page.firstProblem ? ` (${page.firstProblem})` : ''}, so nothing is shown or sent for it`,
			200,
		);
	}
	throw loanNotFound(orderId);
}
