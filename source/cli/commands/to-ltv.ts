// LTV flags: a percentage ("60", "60%": --to-ltv, and watch's --warn-ltv, --warn-fall, --top-up-at, --top-up-to) and
// a safety margin in LTV points ("5": --margin), as fractions for loans/targets.ts. What was typed is echoed made inert.
import {sanitize} from '../../format/sanitize.js';
import {LTV_PERCENT_RULE, MARGIN_POINTS_RULE, parseLtvPercent, parseMarginPoints} from '../../loans/targets.js';
import {UsageError} from '../../runtime/exit-codes.js';

export function percentFlag(flag: string, text: string): string {
	const fraction = parseLtvPercent(text);
	if (fraction === undefined) throw new UsageError(`--${flag} must be ${LTV_PERCENT_RULE} (got "${sanitize(text)}")`);
	return fraction;
}

export const toLtvFlag = (text: string): string => percentFlag('to-ltv', text);

export function marginFlag(text: string): string {
	const fraction = parseMarginPoints(text);
	if (fraction === undefined) throw new UsageError(`--margin must be ${MARGIN_POINTS_RULE} (got "${sanitize(text)}")`);
	return fraction;
}
