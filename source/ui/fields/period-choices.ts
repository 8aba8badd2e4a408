// The period, chosen by meaning: 7 or s for SEVEN, 3 or t for THIRTY (so "30" typed ends on THIRTY: the 0 is no
// key here), f for FLEXIBLE; ←/→ and ↑/↓ (k/j) move; Enter goes on. Never by position: "3" must not mean the
// third item, FLEXIBLE, when the person means 30 days. The same rows on every screen that asks for a period.
import {PERIODS, type Period} from '../../api/types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {Binding} from '../keys/binding.js';

/** The keys that name each period, the first one shown beside it. */
export const PERIOD_KEYS: Record<Period, readonly string[]> = {SEVEN: ['7', 's'], THIRTY: ['3', 't'], FLEXIBLE: ['f']};

/** SEVEN, THIRTY, FLEXIBLE, in that order. */
export const PERIOD_CHOICES = PERIODS.map((period) => ({label: `${period} — ${PERIOD_LABEL[period]}`, value: period}));

/** The first key of each period, in the order of PERIOD_CHOICES (shown beside the items). */
export const PERIOD_HOTKEYS = PERIODS.map((period) => PERIOD_KEYS[period][0]!);

/** The period a typed character names, if it names one. */
export function periodForKey(input: string): Period | undefined {
	return PERIODS.find((period) => PERIOD_KEYS[period].includes(input));
}

/** The period `by` steps from `current`, wrapping. */
export function movePeriod(current: Period, by: number): Period {
	const count = PERIODS.length;
	return PERIODS[(((PERIODS.indexOf(current) + by) % count) + count) % count]!;
}

/** The period's rows for its screen's key table. */
export function periodBindings(
	on: {choose(period: Period): void; move(by: number): void; submit(): void},
	words: {submit: string; footer?: number},
): Binding[] {
	const footer = words.footer ?? 1;
	return [
		{keys: ['Left', 'Up', 'k'], description: 'the period before', group: 'choose', footer: footer + 1, handler: () => on.move(-1)},
		{keys: ['Right', 'Down', 'j'], description: 'the period after', group: 'choose', footer: footer + 1, handler: () => on.move(1)},
		...PERIODS.map((period): Binding => ({
			keys: PERIOD_KEYS[period],
			description: `${PERIOD_LABEL[period]} (${period})`,
			group: 'period',
			footer: footer + 1,
			handler: () => on.choose(period),
		})),
		{keys: ['Enter'], description: words.submit, footer, handler: () => on.submit()},
	];
}
