// A money journal in memory (the interface of source/state/money-journal.ts), for pipeline tests: every write is
// kept in order, and a test can hold a write back or make it fail.
import {JournalError, type MoneyJournal, type MoneyRecord} from '../../source/state/money-journal.js';

export interface MemoryJournal extends MoneyJournal {
	/** Every record as written, in order (open and each update). */
	writes: MoneyRecord[];
	/** The latest state of each record. */
	latest(): MoneyRecord[];
	/** The next writes wait for this promise (a slow disk). */
	holdWrites?: Promise<void>;
	/** The next updates (not the first write of a record) wait for this promise. */
	holdUpdates?: Promise<void>;
	/** The next open() fails (a full disk). */
	failOpen?: string;
	/** Every update() fails from now on. */
	failUpdates?: string;
}

export function memoryJournal(): MemoryJournal {
	let next = 0;
	const journal: MemoryJournal = {
		location: '(memory)',
		writes: [],
		latest() {
			const byId = new Map<string, MoneyRecord>();
			for (const record of journal.writes) byId.set(record.id, record);
			return [...byId.values()];
		},
		async open(entry) {
			await journal.holdWrites;
			if (journal.failOpen) throw new JournalError(journal.failOpen);
			const record: MoneyRecord = {...entry, id: `r${++next}`, outcome: 'sending'};
			journal.writes.push(record);
			return record;
		},
		async update(record) {
			await journal.holdWrites;
			await journal.holdUpdates;
			if (journal.failUpdates) throw new JournalError(journal.failUpdates);
			journal.writes.push({...record});
		},
		async read() {
			return {records: journal.latest().reverse(), unreadable: 0};
		},
	};
	return journal;
}
