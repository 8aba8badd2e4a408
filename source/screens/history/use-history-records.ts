// Every record of one history over the window (operations/history-window.ts), for the History screen. A newer
// choice aborts the older read; leaving the screen aborts it too.
import {useEffect, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import type {HistoryKind} from '../../api/loan-types.js';
import {readHistoryWindow, type AnyHistoryRecord} from '../../operations/history-window.js';
import {missingCredentials, type CredentialsAccess} from '../../services/credentials-access.js';

export type AnyRecord = AnyHistoryRecord;

export type HistoryRead =
	| {status: 'loading'; key: string}
	| {status: 'ready'; key: string; records: AnyRecord[]; complete: boolean; /** Records left out: they could not be read. */ unreadable: number}
	| {status: 'error'; key: string; error: unknown};

export function useHistoryRecords(client: BitgetClient, credentials: CredentialsAccess, kind: HistoryKind, days: number, reload: number): HistoryRead {
	const key = `${kind}|${days}|${reload}`;
	const [read, setRead] = useState<HistoryRead>({status: 'loading', key});
	useEffect(() => {
		const controller = new AbortController();
		const {signal} = controller;
		setRead({status: 'loading', key});
		void (async () => {
			try {
				const access = await credentials.load();
				if (access.status !== 'ready') throw missingCredentials('reading your history', credentials.keychain.get(), access);
				const {records, complete, unreadable} = await readHistoryWindow(client, kind, days, signal);
				if (!signal.aborted) setRead({status: 'ready', key, records, complete, unreadable});
			} catch (error) {
				if (!signal.aborted) setRead({status: 'error', key, error});
			}
		})();
		return () => controller.abort();
	}, [client, credentials, kind, days, key]);
	return read.key === key ? read : {status: 'loading', key};
}
