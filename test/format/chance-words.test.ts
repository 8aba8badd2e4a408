// A loan's chance in words: the odds, the table's percentage, and the sentence with the volatility it came from.
import {describe, expect, it} from 'vitest';
import {
	CHANCE_DISCLAIMER,
	chancePercent,
	chanceSentence,
	chanceText,
	NO_HISTORY,
	noHistorySentence,
	pairName,
	volatilityPercent,
} from '../../source/format/chance-words.js';
import type {LoanChance, MarkChance} from '../../source/loans/chance.js';

const BTC = {base: 'BTC', quote: 'USDT'};
const mark = (probability: number, history?: MarkChance['history']): MarkChance => ({probability, reached: false, fall: 0.1, ...(history ? {history} : {})});
const reached: MarkChance = {probability: 1, reached: true, fall: 0};

function chance(fields: Partial<Extract<LoanChance, {status: 'ok'}>> = {}): LoanChance {
	return {
		status: 'ok',
		volatility: 0.62,
		horizonDays: 7,
		flexible: false,
		marginCall: mark(0.334, {hits: 11, windows: 83, windowDays: 7}),
		liquidation: mark(1 / 12),
		closes: 720,
		...fields,
	};
}

describe('odds', () => {
	it('1-in-n from an even chance down to 1-in-1,000, rounded sensibly', () => {
		const cases: [number, string][] = [
			[0.5, '1-in-2'],
			[0.45, '1-in-2'],
			[0.334, '1-in-3'],
			[0.12, '1-in-8'],
			[0.03, '1-in-33'],
			[0.004, '1-in-250'],
			[0.0039, '1-in-260'],
			[0.001, '1-in-1,000'],
			[0.00099, 'under 1-in-1,000'],
			[0, 'under 1-in-1,000'],
		];
		for (const [probability, words] of cases) expect(chanceText(probability), String(probability)).toBe(words);
	});

	it('above an even chance: the odds it does not happen, then almost certain; reached says so', () => {
		expect([0.6, 0.67, 0.75, 0.8, 0.9, 0.95, 0.99, 1].map((p) => chanceText(p))).toEqual([
			'2-in-3',
			'2-in-3',
			'3-in-4',
			'4-in-5',
			'9-in-10',
			'over 9-in-10',
			'almost certain',
			'almost certain',
		]);
		expect(chanceText(reached)).toBe('reached');
		expect(chanceText(mark(0.12))).toBe('1-in-8');
	});

	it('a percentage for tables', () => {
		expect([0.334, 0.12, 0.004, 0.0004, 0.999, 0.0099].map((p) => chancePercent(p))).toEqual(['33%', '12%', '0.4%', '<0.1%', '>99%', '1%']);
		expect(chancePercent(reached)).toBe('reached');
	});

	it('the volatility and the pair', () => {
		expect([0.62, 1.456, 0.045, 0.0004].map(volatilityPercent)).toEqual(['62%', '146%', '4.5%', '<0.1%']);
		expect(pairName(BTC)).toBe('BTC');
		expect(pairName({base: 'ETH', quote: 'BTC'})).toBe('ETH in BTC');
		expect(pairName({base: 'E\u001bTH', quote: 'BTC'})).toBe('E\uFFFDTH in BTC');
	});
});

describe('the sentence', () => {
	it('the volatility, the odds of each mark within the term, and what history says', () => {
		expect(chanceSentence(BTC, chance())).toBe(
			'BTC moved 62% a year over the last 30 days: a 1-in-3 chance of a margin call within 7 days (1-in-12 of liquidation); in the last 90 days, 11 of 83 weeks fell that far.',
		);
	});

	it('a flexible loan says its 30 days are assumed; other windows are named by length', () => {
		const flexible = chance({flexible: true, horizonDays: 30, marginCall: mark(0.5, {hits: 20, windows: 60, windowDays: 30})});
		expect(chanceSentence({base: 'ETH', quote: 'BTC'}, flexible)).toBe(
			'ETH in BTC moved 62% a year over the last 30 days: a 1-in-2 chance of a margin call within 30 days (1-in-12 of liquidation; a flexible loan: 30 days assumed); in the last 90 days, 20 of 60 30-day windows fell that far.',
		);
		const left = chance({horizonDays: 5.3, marginCall: mark(0.0004, {hits: 0, windows: 84, windowDays: 5.3}), liquidation: mark(0)});
		expect(chanceSentence(BTC, left)).toBe(
			'BTC moved 62% a year over the last 30 days: under a 1-in-1,000 chance of a margin call within 5.3 days (under 1-in-1,000 of liquidation); in the last 90 days, 0 of 84 5.3-day windows fell that far.',
		);
		const day = chance({horizonDays: 1, marginCall: mark(0.2, {hits: 1, windows: 89, windowDays: 1})});
		expect(chanceSentence(BTC, day)).toContain('within 1 day (1-in-12 of liquidation); in the last 90 days, 1 of 89 days fell that far.');
	});

	it('under a day left: hours; no history count: no clause', () => {
		expect(chanceSentence(BTC, chance({horizonDays: 0.2, marginCall: mark(0.1)}))).toBe(
			'BTC moved 62% a year over the last 30 days: a 1-in-10 chance of a margin call within 4 h 48 min (1-in-12 of liquidation).',
		);
	});

	it('almost certain, a reached margin call, a reached liquidation, a term that is over', () => {
		expect(chanceSentence(BTC, chance({marginCall: mark(0.995), liquidation: mark(0.992)}))).toBe(
			'BTC moved 62% a year over the last 30 days: a margin call within 7 days is almost certain (liquidation almost certain).',
		);
		expect(chanceSentence(BTC, chance({marginCall: reached, liquidation: mark(0.25, {hits: 3, windows: 83, windowDays: 7})}))).toBe(
			'BTC moved 62% a year over the last 30 days: the margin-call price is reached; a 1-in-4 chance of liquidation within 7 days; in the last 90 days, 3 of 83 weeks fell that far.',
		);
		expect(chanceSentence(BTC, chance({marginCall: reached, liquidation: reached}))).toBe(
			'BTC moved 62% a year over the last 30 days: the liquidation price is reached.',
		);
		expect(chanceSentence(BTC, chance({horizonDays: 0, marginCall: mark(0), liquidation: mark(0)}))).toBe(
			"BTC moved 62% a year over the last 30 days; the loan's term is over.",
		);
	});

	it('no history: the short cell, the long words with the reason, and the disclaimer', () => {
		expect(NO_HISTORY).toBe('no history');
		expect(noHistorySentence({base: 'NEW', quote: 'USDT'})).toBe('no price history for NEW yet (a new listing?): no chance shown');
		expect(chanceSentence({base: 'NEW', quote: 'USDT'}, {status: 'no history', reason: 'only 12 of the 720 hourly prices of the last 30 days'})).toBe(
			'not enough price history for NEW (only 12 of the 720 hourly prices of the last 30 days: a new listing?): no chance shown',
		);
		expect(CHANCE_DISCLAIMER).toBe('A model from past prices, not a promise.');
	});
});
