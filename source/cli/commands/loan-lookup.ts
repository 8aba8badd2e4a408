// One ongoing loan by id, for the commands that act on it.
import {LoanTuiError} from '../../api/errors.js';
import type {OngoingLoan} from '../../api/loan-types.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';

export class LoanNotFoundError extends LoanTuiError {
	readonly kind = 'api';
	readonly hint = 'List your ongoing loans with: loan-tui loans';
	constructor(orderId: string) {
		super(`no ongoing loan with order id ${orderId}`);
		this.name = 'LoanNotFoundError';
	}
}

export function orderIdArgument(value: string | undefined, command: string): string {
	if (value === undefined) throw new UsageError(`${command} needs the loan's order id`, `See loan-tui ${command} --help.`);
	const checked = checkOrderId(value);
	if (!checked.ok) throw new UsageError(checked.message);
	return checked.value;
}

export async function findLoan(session: Session, orderId: string): Promise<OngoingLoan> {
	const [loan] = (await session.client.ongoingOrders({orderId})).filter((l) => l.orderId === orderId);
	if (!loan) throw new LoanNotFoundError(orderId);
	return loan;
}
