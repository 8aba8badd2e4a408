// A loan's chance of a margin call (loans/chance.ts) in plain words: odds a person can picture ("1-in-3"), a
// percentage for tables ("33%"), and the sentence with the volatility it came from. Percentages are written as
// money.ts writes them (no space before "%"). The model is not a promise: callers show CHANCE_DISCLAIMER once per
// screen.
import type {LoanChance, MarkChance} from '../loans/chance.js';
import {groupThousands} from './money.js';
import {sanitize} from './sanitize.js';
import {span} from './time.js';

/** Shown once per screen (and once in a command's output) wherever a chance is. */
export const CHANCE_DISCLAIMER = 'A model from past prices, not a promise.';

/** A table cell for a pair without enough price history. */
export const NO_HISTORY = 'no history';

const DAY_MS = 86_400_000;
/** Below 1-in-1,000 the model says nothing a person can use. */
const RAREST = 0.001;
/** From here the words stop at "almost certain". */
const ALMOST_CERTAIN = 0.99;

type Chance = number | Pick<MarkChance, 'probability' | 'reached'>;

const parts = (chance: Chance) => (typeof chance === 'number' ? {probability: chance, reached: false} : chance);

/** A chance as odds: "reached", "almost certain", "over 9-in-10", "3-in-4", "2-in-3", "1-in-2", "1-in-3", "1-in-8",
 * "1-in-250", "1-in-1,000", "under 1-in-1,000". Odds of 1-in-n keep n whole below 100 and two significant digits
 * above; above an even chance, the odds of it not happening (n − 1)-in-n, up to 9-in-10. */
export function chanceText(chance: Chance): string {
	const {probability, reached} = parts(chance);
	if (reached) return 'reached';
	if (probability >= ALMOST_CERTAIN) return 'almost certain';
	if (probability > 0.5) {
		const n = Math.max(2, Math.round(1 / (1 - probability)));
		if (n > 10) return 'over 9-in-10';
		return n === 2 ? '1-in-2' : `${n - 1}-in-${n}`;
	}
	if (probability < RAREST) return 'under 1-in-1,000';
	return `1-in-${groupThousands(String(twoSignificant(1 / probability)))}`;
}

/** A chance as a percentage for a table column: "reached", ">99%", "33%", "0.4%", "<0.1%". */
export function chancePercent(chance: Chance): string {
	const {probability, reached} = parts(chance);
	if (reached) return 'reached';
	if (probability < RAREST) return '<0.1%';
	const whole = Math.round(probability * 100);
	if (whole >= 100) return '>99%';
	return whole < 1 ? `${(probability * 100).toFixed(1)}%` : `${whole}%`;
}

/** An annualized volatility (a fraction): "62%", "4.5%", "<0.1%". */
export function volatilityPercent(volatility: number): string {
	const percent = volatility * 100;
	if (Math.round(percent) >= 10) return `${Math.round(percent)}%`;
	if (percent < 0.05) return '<0.1%';
	return `${percent.toFixed(1)}%`;
}

/** The coin whose price it is: "BTC" in USDT, else "ETH in BTC". */
export function pairName(pair: {base: string; quote: string}): string {
	return pair.quote === 'USDT' ? sanitize(pair.base) : `${sanitize(pair.base)} in ${sanitize(pair.quote)}`;
}

/** The long form of NO_HISTORY, with loanChance's reason when there is one. */
export function noHistorySentence(pair: {base: string; quote: string}, reason?: string): string {
	const name = pairName(pair);
	if (reason === undefined) return `no price history for ${name} yet (a new listing?): no chance shown`;
	return `not enough price history for ${name} (${reason}: a new listing?): no chance shown`;
}

/** "BTC moved 62% a year over the last 30 days: a 1-in-3 chance of a margin call within 7 days (1-in-12 of
 * liquidation); in the last 90 days, 11 of 83 weeks fell that far." A flexible loan says its 30 days are assumed. */
export function chanceSentence(pair: {base: string; quote: string}, chance: LoanChance): string {
	if (chance.status === 'no history') return noHistorySentence(pair, chance.reason);
	const head = `${pairName(pair)} moved ${volatilityPercent(chance.volatility)} a year over the last 30 days`;
	const {marginCall, liquidation} = chance;
	if (liquidation.reached) return `${head}: the liquidation price is reached.`;
	if (chance.horizonDays <= 0 && !marginCall.reached) return `${head}; the loan's term is over.`;
	const within = `within ${horizonWords(chance.horizonDays)}`;
	const assumed = chance.flexible ? 'a flexible loan: 30 days assumed' : undefined;
	let body: string;
	let history: MarkChance['history'];
	if (marginCall.reached) {
		body = `the margin-call price is reached; ${chanceOf(liquidation, 'liquidation', within)}${assumed === undefined ? '' : ` (${assumed})`}`;
		history = liquidation.history;
	} else {
		const aside = [liquidationAside(liquidation), assumed].filter((text) => text !== undefined).join('; ');
		body = `${chanceOf(marginCall, 'a margin call', within)} (${aside})`;
		history = marginCall.history;
	}
	const past =
		history === undefined
			? ''
			: `; in the last 90 days, ${history.hits} of ${history.windows} ${windowNoun(history.windowDays, history.windows)} fell that far`;
	return `${head}: ${body}${past}.`;
}

/** "a 1-in-3 chance of a margin call within 7 days", "under a 1-in-1,000 chance of …", "… is almost certain". */
function chanceOf(mark: MarkChance, event: string, within: string): string {
	const text = chanceText(mark);
	if (text === 'almost certain') return `${event} ${within} is almost certain`;
	const bound = /^(under|over) (.*)$/.exec(text);
	return bound === null ? `a ${text} chance of ${event} ${within}` : `${bound[1]} a ${bound[2]} chance of ${event} ${within}`;
}

function liquidationAside(mark: MarkChance): string {
	const text = chanceText(mark);
	return text === 'almost certain' ? 'liquidation almost certain' : `${text} of liquidation`;
}

/** "7 days", "1 day", "5.3 days"; under a day as a span ("4 h 48 min"). */
function horizonWords(days: number): string {
	if (days < 1) return span(days * DAY_MS);
	const shown = oneDecimal(days);
	return shown === 1 ? '1 day' : `${shown} days`;
}

/** "weeks" for 7-day windows, "days" for 1-day ones, else "30-day windows", "5.3-day windows". */
function windowNoun(windowDays: number, count: number): string {
	const shown = oneDecimal(windowDays);
	const plural = count === 1 ? '' : 's';
	if (shown === 7) return `week${plural}`;
	if (shown === 1) return `day${plural}`;
	return `${shown}-day window${plural}`;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whole below 100, two significant digits from there: 2.99 → 3, 8.3 → 8, 33.3 → 33, 256 → 260, 1000 → 1000. */
function twoSignificant(value: number): number {
	if (value < 100) return Math.round(value);
	const step = 10 ** (Math.floor(Math.log10(value)) - 1);
	return Math.round(value / step) * step;
}
