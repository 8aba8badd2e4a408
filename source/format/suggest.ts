// "Did you mean": the known words closest to a mistyped one (edit distance, transpositions counting as one edit),
// for commands, options, history kinds, coins and symbols alike.

/** Optimal string alignment distance, case-insensitive: `histroy` is one edit from `history`. */
export function editDistance(a: string, b: string): number {
	const s = a.toLowerCase();
	const t = b.toLowerCase();
	const rows: number[][] = [];
	for (let i = 0; i <= s.length; i++) {
		rows.push([i]);
		for (let j = 1; j <= t.length; j++) {
			if (i === 0) {
				rows[0]!.push(j);
				continue;
			}
			const cost = s[i - 1] === t[j - 1] ? 0 : 1;
			let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
			rows[i]!.push(best);
		}
	}
	return rows[s.length]![t.length]!;
}

/** Up to `limit` known words near `typed`, nearest first: within a third of the word's length in edits (at least
 * one), or starting with it (`btcusd` → `BTCUSDT`, `BTCUSDC`). */
export function suggest(typed: string, known: Iterable<string>, limit = 3): string[] {
	const word = typed.toLowerCase();
	if (word.length === 0) return [];
	const within = Math.max(1, Math.floor(word.length / 3));
	const found: Array<{candidate: string; score: number}> = [];
	for (const candidate of known) {
		const lower = candidate.toLowerCase();
		if (lower === word) continue;
		const prefix = word.length >= 2 && lower.startsWith(word) ? lower.length - word.length : Number.POSITIVE_INFINITY;
		const distance = Math.abs(lower.length - word.length) > within ? Number.POSITIVE_INFINITY : editDistance(word, lower);
		const score = Math.min(distance <= within ? distance : Number.POSITIVE_INFINITY, prefix);
		if (Number.isFinite(score)) found.push({candidate, score});
	}
	found.sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate));
	return found.slice(0, limit).map((entry) => entry.candidate);
}

/** " (did you mean borrow?)", " (did you mean BTCUSDT or BTCUSDC?)", or "" when nothing is near. */
export function didYouMean(typed: string, known: Iterable<string>, show: (word: string) => string = (word) => word): string {
	const near = suggest(typed, known).map(show);
	if (near.length === 0) return '';
	const list = near.length === 1 ? near[0]! : `${near.slice(0, -1).join(', ')} or ${near.at(-1)!}`;
	return ` (did you mean ${list}?)`;
}
