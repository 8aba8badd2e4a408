// Every record of one loan history over the last `days` days, for the command line and the History screen alike: the
// API's pages of 100 read in turn (at most MAX_HISTORY_PAGES, said when reached), then sorted newest first.
import type {BitgetClient} from '../api/client.js';
import {HISTORY_MAX_PAGE_SIZE, type HistoryKind, type HistoryRecords} from '../api/loan-types.js';

/** Pages read at most: 2,000 records, far more than three months of one person's loans. */
const MAX_HISTORY_PAGES = 20;
const DAY_MS = 86_400_000;

export type AnyHistoryRecord = HistoryRecords[HistoryKind];

export interface HistoryWindow {
	/** Newest first. */
	records: AnyHistoryRecord[];
	/** Records left out: they could not be read. */
	unreadable: number;
	/** What was wrong with the first of them. */
	firstProblem?: string;
	/** False when the page limit was reached before the last page. */
	complete: boolean;
}

/** When a record happened, as the server sent it (epoch ms). */
export const TIME_OF: {[K in HistoryKind]: (record: HistoryRecords[K]) => string} = {
	borrowHistory: (r) => r.borrowTime,
	repayHistory: (r) => r.repayTime,
	reviseHistory: (r) => r.reviseTime,
	reduces: (r) => r.reduceTime,
};

export async function readHistoryWindow(client: BitgetClient, kind: HistoryKind, days: number, signal?: AbortSignal): Promise<HistoryWindow> {
	const endTime = client.clock.upToNow();
	const startTime = client.clock.now() - days * DAY_MS;
	const window: HistoryWindow = {records: [], unreadable: 0, complete: false};
	for (let pageNo = 1; pageNo <= MAX_HISTORY_PAGES; pageNo++) {
		const page = await client.history(kind, {startTime, endTime, pageNo, pageSize: HISTORY_MAX_PAGE_SIZE}, {signal});
		window.records.push(...page.records);
		window.unreadable += page.unreadable;
		window.firstProblem ??= page.firstProblem;
		// A page is full by what the server sent, unreadable records included.
		if (page.records.length + page.unreadable < HISTORY_MAX_PAGE_SIZE) {
			window.complete = true;
			break;
		}
	}
	const time = TIME_OF[kind] as (record: AnyHistoryRecord) => string;
	window.records.sort((a, b) => Number(time(b)) - Number(time(a)));
	return window;
}
