// What loan-tui learnt of each account's mode (classic or unified: api/types.ts AccountFamily), kept for an hour so a
// command does not ask /api/v3/account/settings every run. Keyed by the account's fingerprint (state/account-state.ts),
// never the key. Only a convenience: a mode refusal teaches the client the other mode at once (api/client.ts), and a
// file that cannot be read or written is simply not used.
import {join} from 'node:path';
import * as v from 'valibot';
import type {AccountFamily} from '../api/types.js';
import {accountFingerprint} from './account-state.js';
import {readPrivateFile, writePrivateFile} from './private-file.js';

const FILE = 'account-modes.json';
/** How long a mode is trusted before it is asked again. */
const KEEP_MS = 3_600_000;
/** Accounts kept at most (the newest). */
const MAX_ACCOUNTS = 20;

const schema = v.record(v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)), v.object({family: v.picklist(['classic', 'unified']), at: v.number()}));
type Modes = v.InferOutput<typeof schema>;

export function accountModesAt(cacheDirectory: string, origin: string, now: () => number = Date.now) {
	const file = join(cacheDirectory, FILE);
	const load = async (): Promise<Modes> => {
		const read = await readPrivateFile(file, 64 * 1024);
		if (read.status !== 'read') return {};
		try {
			const parsed = v.safeParse(schema, JSON.parse(read.text));
			return parsed.success ? parsed.output : {};
		} catch {
			return {};
		}
	};
	return {
		async recall(apiKey: string): Promise<AccountFamily | undefined> {
			const known = (await load())[accountFingerprint(origin, apiKey)];
			const age = known === undefined ? Number.POSITIVE_INFINITY : now() - known.at;
			return age >= 0 && age < KEEP_MS ? known?.family : undefined;
		},
		async remember(apiKey: string, family: AccountFamily): Promise<void> {
			const modes = await load();
			modes[accountFingerprint(origin, apiKey)] = {family, at: now()};
			const newest = Object.entries(modes)
				.sort(([, a], [, b]) => b.at - a.at)
				.slice(0, MAX_ACCOUNTS);
			await writePrivateFile(file, `${JSON.stringify(Object.fromEntries(newest))}\n`);
		},
	};
}
