// loan-tui history --local [--days N]: what this app (CLI and interactive) sent that moves money, from the local
// history file, newest first. No request and no credentials: the file holds only the requests' own values.
import {localDateTimeWithOffset} from '../../format/time.js';
import {sanitize} from '../../format/sanitize.js';
import {EXIT, type ExitCode} from '../../runtime/exit-codes.js';
import {printJson, printLines, table} from '../../runtime/output.js';
import type {Session} from '../../runtime/session.js';
import {fileLocalHistory, localHistoryFile, type LocalHistoryEntry} from '../../state/local-history.js';

const DAY_MS = 86_400_000;

export async function runLocalHistory(session: Session, days: number | undefined, now = Date.now()): Promise<ExitCode> {
	const path = localHistoryFile(session.env);
	const all = await fileLocalHistory(path).read();
	const entries = days === undefined ? all : all.filter((entry) => entry.time >= now - days * DAY_MS);
	if (session.out.json) {
		printJson(session.out, entries);
		return EXIT.ok;
	}
	const window = days === undefined ? '' : ` in the last ${days} day${days === 1 ? '' : 's'}`;
	if (entries.length === 0) {
		printLines(session.out, [`Nothing sent by this app${window} (${path}).`]);
		return EXIT.ok;
	}
	const rows = entries.map((entry) => [localDateTimeWithOffset(entry.time), entry.operation, valuesOf(entry), entry.outcome, entry.orderId ?? '—', entry.detail ?? '']);
	printLines(session.out, [
		...table(['TIME', 'OPERATION', 'VALUES', 'OUTCOME', 'ORDER', 'DETAIL'], rows),
		'',
		`${entries.length} request${entries.length === 1 ? '' : 's'} sent by this app${window}, newest first (${path})`,
	]);
	return EXIT.ok;
}

/** The fields exactly as they were sent. */
function valuesOf(entry: LocalHistoryEntry): string {
	return Object.entries(entry.values)
		.map(([name, value]) => `${name}=${sanitize(value)}`)
		.join(' ');
}
