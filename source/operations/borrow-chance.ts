// The chance a new loan reaches its margin call or its liquidation within its period, as the borrow review (the app's
// and the CLI's) says it: the question from the figures the review already shows (format/borrow-figures.ts marks:
// today's price and the two marks), the period's whole term as the horizon (loans/chance.ts periodHorizon), and the
// words for every state of the read — reading, the model's answer, no history, or why the history could not be read.
import type {Period} from '../api/types.js';
import {CHANCE_DISCLAIMER, chanceSentence, chanceText, NO_HISTORY} from '../format/chance-words.js';
import {sanitize} from '../format/sanitize.js';
import {periodHorizon} from '../loans/chance.js';
import {chanceFrom, type ChanceQuestion, type ChanceRead} from './loan-chance.js';
import type {PriceHistory} from './price-history.js';

/** While the pair's history is read. */
const READING_HISTORY = 'reading price history…';

/** The pledge coin in the loan coin. */
interface BorrowPair {
	base: string;
	quote: string;
}

/** The question a review's figures put: undefined while the marks are unknown (no price, estimate or coin list). */
export function borrowChanceQuestion(
	marks: {price: string; marginCallPrice: string; liquidationPrice: string} | undefined,
	daily: Period,
): ChanceQuestion | undefined {
	return marks === undefined ? undefined : {...marks, horizon: periodHorizon(daily)};
}

/** The chance as read, in a sentence: the model's (chanceSentence), the long "no history", or the read's problem. */
export function chanceReadSentence(pair: BorrowPair, chance: ChanceRead): string {
	if (chance.status === 'unavailable') return `price history unavailable: ${sanitize(chance.problem)}`;
	return chanceSentence(pair, chance);
}

/** The words of a review's chance, with the disclaimer once when a chance is given: `long` the sentence, `short` one
 * line of a 60-column terminal ("Margin call in 30 days: 1-in-3 (a model, not a promise)"). */
export interface ChanceWords {
	long: string;
	short: string;
}

/** The disclaimer's brief form, for the one-line chance. */
const BRIEF_DISCLAIMER = 'a model, not a promise';

/** The review's chance words for `history` (undefined: still reading). */
export function borrowChanceWords(pair: BorrowPair, question: ChanceQuestion, history: PriceHistory | undefined): ChanceWords {
	if (history === undefined) return {long: READING_HISTORY, short: READING_HISTORY};
	const chance = chanceFrom(history, question);
	if (chance.status === 'no history') return {long: chanceReadSentence(pair, chance), short: `chance of a margin call: ${NO_HISTORY}`};
	if (chance.status === 'unavailable') return {long: chanceReadSentence(pair, chance), short: 'chance of a margin call: price history unavailable'};
	const days = Math.round(chance.horizonDays);
	const {marginCall} = chance;
	return {
		long: `${chanceSentence(pair, chance)} ${CHANCE_DISCLAIMER}`,
		short: marginCall.reached ? 'Margin call: reached' : `Margin call in ${days} days: ${chanceText(marginCall)} (${BRIEF_DISCLAIMER})`,
	};
}
