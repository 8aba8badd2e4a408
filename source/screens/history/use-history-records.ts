// Every record of one history over the window (operations/history-window.ts), for the History screen. The first
// read starts as the screen opens; each later one starts in the key that asks for it (another history or window,
// Ctrl+R) and aborts the read still out; leaving the screen aborts it too.
import {useEffect, useRef, useState} from 'react';
import type {BitgetClient} from '../../api/client.js';
import type {HistoryKind} from '../../api/loan-types.js';
import {readHistoryWindow, type AnyHistoryRecord} from '../../operations/history-window.js';
import {missingCredentials, type CredentialsAccess} from '../../services/credentials-access.js';

export type AnyRecord = AnyHistoryRecord;

/** `key`: the history and window read (readKey). */
type HistoryRead =
	| {status: 'loading'; key: string}
	| {status: 'ready'; key: string; records: AnyRecord[]; complete: boolean; /** Records left out: they could not be read. */ unreadable: number}
	| {status: 'error'; key: string; error: unknown};

export interface HistoryRecords {
	/** What was read of `kind` over `days`: loading while another history or window is still being read. */
	read: HistoryRead;
	/** Reads `kind` over `days` (again), aborting the read still out. */
	load(kind: HistoryKind, days: number): void;
}

const readKey = (kind: HistoryKind, days: number) => `${kind}|${days}`;

export function useHistoryRecords(client: BitgetClient, credentials: CredentialsAccess, kind: HistoryKind, days: number): HistoryRecords {
	const key = readKey(kind, days);
	const [read, setRead] = useState<HistoryRead>({status: 'loading', key});
	const running = useRef<AbortController | undefined>(undefined);
	const load = (kind: HistoryKind, days: number) => {
		running.current?.abort();
		const controller = new AbortController();
		running.current = controller;
		const {signal} = controller;
		const key = readKey(kind, days);
		setRead((now) => (now.status === 'loading' && now.key === key ? now : {status: 'loading', key}));
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
	};
	useEffect(() => {
		load(kind, days);
		return () => running.current?.abort();
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the first read, once: later ones start in their keys
	}, []);
	// A choice made and not yet read (the render between the key and its read) shows as loading, never the records of
	// the history before it.
	return {read: read.key === key ? read : {status: 'loading', key}, load};
}
