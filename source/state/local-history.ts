// What this app sent that moves money (borrow, repay, collateral), and what came of it, kept on disk so an
// order id is never lost: the Loans screen and `loan-tui history --local` read it. One JSON line per event, so
// an append never rewrites the file. Values are the request's own fields (coins, amounts, order ids): no
// credential ever enters a record, and reading keeps only the known fields.
import {appendFile, mkdir} from 'node:fs/promises';
import {join} from 'node:path';
import * as v from 'valibot';
import {sanitize} from '../format/sanitize.js';
import {stateDirectory} from './paths.js';
import {readPrivateFile, writePrivateFile} from './private-file.js';

/** Lines kept: enough for years of borrowing, small enough to read whole at start-up. */
export const HISTORY_LIMIT = 1000;

const TEXT_LIMIT = 200;
const safeText = v.pipe(v.string(), v.maxLength(TEXT_LIMIT), v.check((text) => sanitize(text) === text, 'no control characters'));

const entrySchema = v.object({
	time: v.pipe(v.number(), v.integer(), v.minValue(0)),
	operation: v.picklist(['borrow', 'repay', 'collateral']),
	origin: safeText,
	values: v.record(v.pipe(v.string(), v.regex(/^[A-Za-z]{1,32}$/)), safeText),
	outcome: v.picklist(['done', 'refused', 'unknown']),
	/** The order the server named, when it named one. */
	orderId: v.optional(safeText),
	/** The server's code and message for a refusal, or what reconciliation found after an unknown outcome. */
	detail: v.optional(safeText),
});

export type LocalHistoryEntry = v.InferOutput<typeof entrySchema>;

export interface LocalHistory {
	append(entry: LocalHistoryEntry): Promise<void>;
	/** Newest first. */
	read(): Promise<LocalHistoryEntry[]>;
}

export function localHistoryFile(env: NodeJS.ProcessEnv): string {
	return join(stateDirectory(env), 'history.jsonl');
}

export function fileLocalHistory(path: string, limit = HISTORY_LIMIT): LocalHistory {
	const split = (text: string | undefined) => (text === undefined ? [] : text.split('\n').filter((line) => line.trim() !== ''));
	return {
		async append(entry) {
			// Server text (a refusal's msg) is made inert and bounded before it is kept.
			const clean = (text: string) => sanitize(text).slice(0, TEXT_LIMIT);
			const values = Object.fromEntries(Object.entries(entry.values).map(([name, value]) => [name, clean(value)]));
			const checked = v.parse(entrySchema, {...entry, values, detail: entry.detail === undefined ? undefined : clean(entry.detail)});
			const line = `${JSON.stringify(checked)}\n`;
			const text = await readPrivateFile(path);
			const existing = split(text);
			if (existing.length >= limit) {
				// Rewritten whole only when full: the oldest lines go.
				await writePrivateFile(path, [...existing.slice(existing.length - limit + 1), ''].join('\n') + line);
				return;
			}
			await mkdir(join(path, '..'), {recursive: true, mode: 0o700});
			// After a crash mid-append the file may end inside a line: start on a fresh one so this entry survives.
			const fresh = text !== undefined && text !== '' && !text.endsWith('\n');
			await appendFile(path, fresh ? `\n${line}` : line, {mode: 0o600});
		},
		async read() {
			const entries: LocalHistoryEntry[] = [];
			for (const line of split(await readPrivateFile(path))) {
				try {
					const parsed = v.safeParse(entrySchema, JSON.parse(line));
					if (parsed.success) entries.push(parsed.output);
				} catch {
					// A damaged line (a crash mid-append) is skipped; the rest still reads.
				}
			}
			return entries.reverse();
		},
	};
}
