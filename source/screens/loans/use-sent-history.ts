import {useEffect, useState} from 'react';
import type {MoneyJournal, MoneyRecord} from '../../state/money-journal.js';

export type SentHistory =
	| {status: 'off'}
	| {status: 'loading'}
	| {status: 'ready'; records: MoneyRecord[]; unreadable: number}
	/** The money record could not be read (state/money-journal.ts says why): never shown as "nothing sent". */
	| {status: 'error'; error: unknown};

/** The money record of what this app sent, newest first; read again whenever `version` changes (each refresh).
 * None is kept in demo mode: 'off'. */
export function useSentHistory(journal: MoneyJournal | undefined, version: unknown): SentHistory {
	const [state, setState] = useState<SentHistory>(journal ? {status: 'loading'} : {status: 'off'});
	useEffect(() => {
		if (!journal) return;
		let current = true;
		journal.read().then(
			({records, unreadable}) => current && setState({status: 'ready', records, unreadable}),
			(error: unknown) => current && setState({status: 'error', error}),
		);
		return () => {
			current = false;
		};
	}, [journal, version]);
	return state;
}
