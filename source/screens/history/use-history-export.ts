// History's `e`: the current history's records (every one read for the window, whatever the filter) written to a CSV
// file by operations/history-export.ts, and what the screen says of it, until another history or window is chosen.
import {useRef, useState} from 'react';
import type {HistoryKind} from '../../api/loan-types.js';
import {exportHistoryCsv, HISTORY_WORDS, type ExportPlaces} from '../../operations/history-export.js';
import type {AnyRecord} from './use-history-records.js';

export interface ExportNote {
	text: string;
	tone: 'busy' | 'good' | 'bad';
}

interface ExportInput {
	kind: HistoryKind;
	days: number;
	/** The records read for this history and window; undefined while they are read or when the read failed. */
	records: readonly AnyRecord[] | undefined;
	places: ExportPlaces | undefined;
}

export function useHistoryExport({kind, days, records, places}: ExportInput): {note: ExportNote | undefined; exportCsv(): void} {
	const view = `${kind}|${days}`;
	const [said, setSaid] = useState<{note: ExportNote; view: string} | undefined>(undefined);
	// One file at a time: an `e` while one is written is not another file.
	const writing = useRef(false);
	const say = (note: ExportNote) => setSaid({note, view});
	const exportCsv = () => {
		if (writing.current) return;
		const {many} = HISTORY_WORDS[kind];
		if (records === undefined) return say({tone: 'bad', text: `Nothing to write: the ${many} were not read (Ctrl+R reads them again)`});
		if (records.length === 0) return say({tone: 'bad', text: `Nothing to write: no ${many} in the last ${days} days`});
		if (places === undefined) return say({tone: 'bad', text: 'This run cannot write files: use loan-tui history --csv instead'});
		writing.current = true;
		say({tone: 'busy', text: `Writing ${records.length} ${records.length === 1 ? HISTORY_WORDS[kind].one : many}…`});
		void exportHistoryCsv(kind, records, days, places)
			.then((result) => say({tone: result.ok ? 'good' : 'bad', text: result.text}))
			.finally(() => (writing.current = false));
	};
	return {note: said?.view === view ? said.note : undefined, exportCsv};
}
