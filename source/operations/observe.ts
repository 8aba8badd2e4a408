// The reads a check needs, through the client: the ongoing loans and the histories that would record the POST, over
// a window from shortly before the send to now. Each read stands alone: a failure is kept as that read's result
// (loans/evidence.ts says which failed), and only an abort (the check's bound, Ctrl+C) ends the whole observation.
// The same reads just before the send are the snapshot: what was there already is never taken for the POST's work.
import type {BitgetClient} from '../api/client.js';
import {ApiError} from '../api/errors.js';
import type {HistoryKind, HistoryRecords, ListPage, OngoingLoan} from '../api/loan-types.js';
import {sanitize} from '../format/sanitize.js';
import {recordKey, type MoneyRequest, type Observation, type Read, type SentRequest, type Snapshot} from '../loans/evidence.js';

/** The history window starts this long before the send (the server's clock may differ from ours). */
const BEFORE_SEND_MS = 60_000;

/** A read's failure in a few words: the server's code and msg, or what went wrong. */
export function failureText(error: unknown): string {
	if (error instanceof ApiError) return sanitize(`${error.code} ${error.serverMessage} (HTTP ${error.httpStatus})`);
	return sanitize(error instanceof Error ? error.message : String(error));
}

async function read<T>(signal: AbortSignal, call: () => Promise<ListPage<T>>): Promise<Read<T>> {
	try {
		const page = await call();
		return page.unreadable > 0 ? {ok: true, records: page.records, unreadable: page.unreadable} : {ok: true, records: page.records};
	} catch (error) {
		if (signal.aborted) throw signal.reason;
		return {ok: false, error: failureText(error)};
	}
}

function reads(client: BitgetClient, planned: MoneyRequest, startTime: number, signal: AbortSignal): Promise<Observation> {
	const history = <K extends HistoryKind>(kind: K, query: Record<string, string>) =>
		read<HistoryRecords[K]>(signal, () => client.history(kind, {startTime, endTime: client.clock.upToNow(), pageSize: 100, ...query}, {signal}));
	const ongoing = (query: Record<string, string>) => read<OngoingLoan>(signal, () => client.ongoingOrderPage(query, {signal}));
	switch (planned.kind) {
		case 'borrow': {
			const coins = {loanCoin: planned.request.loanCoin, pledgeCoin: planned.request.pledgeCoin};
			return Promise.all([ongoing(coins), history('borrowHistory', coins)]).then(([ongoingRead, borrowHistory]) => ({ongoing: ongoingRead, borrowHistory}));
		}
		case 'repay': {
			const order = {orderId: planned.request.orderId};
			return Promise.all([ongoing(order), history('repayHistory', order), history('reduces', order)]).then(([ongoingRead, repayHistory, reduces]) => ({
				ongoing: ongoingRead,
				repayHistory,
				reduces,
			}));
		}
		case 'revisePledge': {
			const order = {orderId: planned.request.orderId};
			return Promise.all([ongoing(order), history('reviseHistory', order), history('reduces', order)]).then(([ongoingRead, reviseHistory, reduces]) => ({
				ongoing: ongoingRead,
				reviseHistory,
				reduces,
			}));
		}
	}
}

export function observerFor(client: BitgetClient, sent: SentRequest): (signal: AbortSignal) => Promise<Observation> {
	return (signal) => reads(client, sent, sent.sentAt - BEFORE_SEND_MS, signal);
}

/** The snapshot: the same reads just before the send. What could not be read stays undefined (the check is then
 * more careful, never less); `problems` says what, for the record. */
export async function takeSnapshot(client: BitgetClient, planned: MoneyRequest, signal: AbortSignal): Promise<{snapshot: Snapshot; problems: string[]}> {
	const at = client.clock.now();
	const seen = await reads(client, planned, at - BEFORE_SEND_MS, signal);
	const problems: string[] = [];
	const snapshot: Snapshot = {at};
	// An ongoing list with unreadable loans is not known whole: one of them could look like ours later.
	if (seen.ongoing.ok && !seen.ongoing.unreadable) snapshot.ongoing = seen.ongoing.records;
	else problems.push(seen.ongoing.ok ? `${seen.ongoing.unreadable} ongoing loans could not be read` : `ongoing-orders: ${seen.ongoing.error}`);
	const histories: Array<[string, Read<object> | undefined]> = [
		['borrow-history', seen.borrowHistory],
		['repay-history', seen.repayHistory],
		['revise-history', seen.reviseHistory],
		['reduces', seen.reduces],
	];
	const keys: string[] = [];
	for (const [name, history] of histories) {
		if (history?.ok) keys.push(...history.records.map(recordKey));
		else if (history) problems.push(`${name}: ${history.error}`);
	}
	// Records that could not be read before are unreadable after too: they never count as evidence.
	snapshot.historyKeys = keys;
	return {snapshot, problems};
}
