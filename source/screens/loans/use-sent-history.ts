import {useEffect, useState} from 'react';
import type {LocalHistory, LocalHistoryEntry} from '../../state/local-history.js';

export type SentHistory = {status: 'off'} | {status: 'loading'} | {status: 'ready'; entries: LocalHistoryEntry[]} | {status: 'error'; error: unknown};

/** The local history of what this app sent, newest first; read again whenever `version` changes (each refresh).
 * None is kept in demo mode: 'off'. */
export function useSentHistory(history: LocalHistory | undefined, version: unknown): SentHistory {
	const [state, setState] = useState<SentHistory>(history ? {status: 'loading'} : {status: 'off'});
	useEffect(() => {
		if (!history) return;
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
