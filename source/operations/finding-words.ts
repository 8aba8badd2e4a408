// How a check of an unknown outcome ended, in words: for the money record (money-pipeline.ts) and for what a person
// reads (outcome-words.ts). A module of its own so that the quitting lines app/run.tsx loads from the start do not
// load the money pipeline (test/app/first-frame-modules.test.ts).
import type {CheckResult} from './check-outcome.js';

/** The finding with how it ended: "… (3 reads in 20 s; interrupted)". */
export function findingMessage(check: CheckResult): string {
	const how = [`${check.tries} read${check.tries === 1 ? '' : 's'} in ${Math.round(check.elapsedMs / 1000)} s`];
	if (check.interrupted) how.push('interrupted');
	else if (check.timedOut && !check.settled) how.push('time bound reached');
	return `${check.message} (${how.join('; ')})`;
}
