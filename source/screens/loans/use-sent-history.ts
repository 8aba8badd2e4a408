import {useEffect, useState} from 'react';
import type {LocalHistory, LocalHistoryEntry} from '../../state/local-history.js';

export type SentHistory = {status: 'loading'} | {status: 'ready'; entries: LocalHistoryEntry[]} | {status: 'error'; error: unknown};

/** The local history of what this app sent, newest first; read again whenever `version` changes (each refresh). */
export function useSentHistory(history: LocalHistory, version: unknown): SentHistory {
	const [state, setState] = useState<SentHistory>({status: 'loading'});
	useEffect(() => {
		let current = true;
		history.read().then(
			(entries) => current && setState({status: 'ready', entries}),
			(error: unknown) => current && setState({status: 'error', error}),
		);
		return () => {
			current = false;
		};
	}, [history, version]);
	return state;
}
