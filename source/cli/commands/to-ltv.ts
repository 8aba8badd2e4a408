// --to-ltv PCT and --margin PTS: a target LTV given as a percentage ("60", "60%") and a safety margin in LTV points
// ("5"), as fractions for loans/targets.ts.
import {LTV_PERCENT_RULE, MARGIN_POINTS_RULE, parseLtvPercent, parseMarginPoints} from '../../loans/targets.js';
import {UsageError} from '../../runtime/exit-codes.js';

export function toLtvFlag(text: string): string {
	const fraction = parseLtvPercent(text);
	if (fraction === undefined) throw new UsageError(`--to-ltv must be ${LTV_PERCENT_RULE} (got "${text}")`);
	return fraction;
}

export function marginFlag(text: string): string {
	const fraction = parseMarginPoints(text);
	if (fraction === undefined) throw new UsageError(`--margin must be ${MARGIN_POINTS_RULE} (got "${text}")`);
	return fraction;
}
