import {useCallback, useEffect, useRef, useState} from 'react';
import type {MoneyJournal, MoneyRecord} from '../../state/money-journal.js';

export type SentHistory =
	| {status: 'off'}
	| {status: 'loading'}
	| {status: 'ready'; records: MoneyRecord[]; unreadable: number}
	/** The money record could not be read (state/money-journal.ts says why): never shown as "nothing sent". */
	| {status: 'error'; error: unknown};

/** The money record of what this app sent, newest first: read when the screen opens and again at each `reload` (the
 * Loans screen calls it after each read of the loans: use-loans.ts). None is kept in demo mode: 'off'. */
export function useSentHistory(journal: MoneyJournal | undefined): {history: SentHistory; reload(): void} {
	const [history, setHistory] = useState<SentHistory>(journal ? {status: 'loading'} : {status: 'off'});
	// Only the latest read's answer is taken: an older one that answers late is dropped.
	const latest = useRef(0);
	const reload = useCallback(() => {
		if (!journal) return;
		const mine = ++latest.current;
		journal.read().then(
			({records, unreadable}) => mine === latest.current && setHistory({status: 'ready', records, unreadable}),
			(error: unknown) => mine === latest.current && setHistory({status: 'error', error}),
		);
	}, [journal]);
	// Read once when the screen opens; later reads follow the loans' (use-loans.ts).
	useEffect(() => reload(), [reload]);
	return {history, reload};
}
