// Every record of one history over the window: the API's pages of 100 read in turn (at most MAX_PAGES, said when
// reached), then sorted newest first. A newer choice aborts the older read; leaving the screen aborts it too.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import {HISTORY_MAX_PAGE_SIZE, type HistoryKind, type HistoryRecords} from '../../api/loan-types.js';
import type {CredentialsAccess} from '../../services/credentials-access.js';

const DAY_MS = 86_400_000;
const MAX_PAGES = 20;

export type AnyRecord = HistoryRecords[HistoryKind];

export type HistoryRead =
	| {status: 'loading'; key: string}
	| {status: 'ready'; key: string; records: AnyRecord[]; complete: boolean; /** Records left out: they could not be read. */ unreadable: number}
	| {status: 'error'; key: string; error: unknown};

const TIME_OF: {[K in HistoryKind]: (record: HistoryRecords[K]) => string} = {
	borrowHistory: (r) => r.borrowTime,
	repayHistory: (r) => r.repayTime,
	reviseHistory: (r) => r.reviseTime,
	reduces: (r) => r.reduceTime,
};

export function useHistoryRecords(client: BitgetClient, credentials: CredentialsAccess, kind: HistoryKind, days: number, reload: number): HistoryRead {
	const key = `${kind}|${days}|${reload}`;
	const [read, setRead] = useState<HistoryRead>({status: 'loading', key});
	useEffect(() => {
		const controller = new AbortController();
		const {signal} = controller;
		setRead({status: 'loading', key});
		void (async () => {
			try {
				await credentials.load();
				const endTime = client.clock.now();
				const startTime = endTime - days * DAY_MS;
				const records: AnyRecord[] = [];
				let unreadable = 0;
				let complete = false;
				for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
					const page = await client.history(kind, {startTime, endTime, pageNo, pageSize: HISTORY_MAX_PAGE_SIZE}, {signal});
					records.push(...page.records);
					unreadable += page.unreadable;
					// A page is full by what the server sent, unreadable records included.
					if (page.records.length + page.unreadable < HISTORY_MAX_PAGE_SIZE) {
						complete = true;
						break;
					}
				}
				const time = TIME_OF[kind] as (record: AnyRecord) => string;
				records.sort((a, b) => Number(time(b)) - Number(time(a)));
				if (!signal.aborted) setRead({status: 'ready', key, records, complete, unreadable});
			} catch (error) {
				if (!signal.aborted) setRead({status: 'error', key, error});
			}
		})();
		return () => controller.abort();
	}, [client, credentials, kind, days, key]);
	return read.key === key ? read : {status: 'loading', key};
}
