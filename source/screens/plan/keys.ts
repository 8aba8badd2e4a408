// The Plan screen's keys as one table (ui/keys/binding.ts), by stage: the list of ways, the periods field, a text
// field (the loan coin or amount). The same rows dispatch the keys and make the footer and the ? help.
import {PERIODS} from '../../api/types.js';
import {PERIOD_LABEL} from '../../format/estimate.js';
import type {PlanRow, PlanSort} from '../../operations/plan.js';
import {textBindings} from '../../ui/fields/field-bindings.js';
import {PERIOD_KEYS} from '../../ui/fields/period-choices.js';
import type {Binding} from '../../ui/keys/binding.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {nextSort, PERIOD_SETS, type PlanState} from './reducer.js';
import type {PlanRead} from './use-plan-read.js';
import type {PlanActions} from './use-plan.js';

/** What s sorts by next, in the help and in the footer. */
const SORT_KEY_WORDS: Record<PlanSort, {description: string; short: string}> = {
	cost: {description: 'sort by cost (lowest APR first)', short: 'by cost'},
	safety: {description: 'sort by safety (farthest from liquidation first)', short: 'by safety'},
	chance: {description: 'sort by chance (least likely margin call first)', short: 'by chance'},
};

/** What the keys depend on (use-plan.ts PlanScreenState has it all). */
export interface PlanKeyState {
	form: Pick<PlanState, 'focus' | 'highlighted' | 'sort'>;
	read: Pick<PlanRead, 'status'>;
	sorted: readonly PlanRow[];
	chosen?: PlanRow;
	page: number;
	suggestions: readonly string[];
}

export function planBindings(state: PlanKeyState, actions: PlanActions): Binding[] {
	if (state.form.focus === 'list') return listBindings(state, actions);
	const moveFields: Binding[] = [
		{keys: ['Tab'], description: 'next field', group: 'move between fields', footer: 3, handler: () => actions.moveField(1)},
		{keys: ['Shift+Tab'], description: 'previous field', group: 'move between fields', footer: 3, handler: () => actions.moveField(-1)},
	];
	if (state.form.focus === 'periods') return [...periodBindings(actions), ...moveFields];
	const coinField = state.form.focus === 'loanCoin';
	const fieldRows = textBindings(
		{
			submit: coinField ? actions.completeCoin : actions.start,
			...(coinField && state.suggestions.length > 0 ? {suggest: actions.moveSuggestion} : {}),
			edit: actions.editText,
		},
		{submit: coinField ? 'next field (takes the highlighted coin)' : 'plan: every pledge coin ranked', suggestion: 'a suggested coin', footer: 1},
	);
	// Typing comes last: it takes every key the rows before it did not.
	const typing = fieldRows.filter((row) => row.keys.includes('text'));
	return [...fieldRows.filter((row) => !typing.includes(row)), ...moveFields, ...typing];
}

function listBindings(state: PlanKeyState, actions: PlanActions): Binding[] {
	const {highlighted, sort} = state.form;
	const scrolls = state.sorted.length > 1;
	const highlight = (to: number) => () => actions.highlight(to);
	return [
		{keys: ['Up', 'k'], description: 'the way above', group: 'move', footer: 2, when: scrolls, handler: highlight(highlighted - 1)},
		{keys: ['Down', 'j'], description: 'the way below', group: 'move', footer: 2, when: scrolls, handler: highlight(highlighted + 1)},
		{keys: ['PgUp'], description: 'a page up', group: 'page', when: scrolls, handler: highlight(highlighted - state.page)},
		{keys: ['PgDn', 'Space'], description: 'a page down', group: 'page', when: scrolls, handler: highlight(highlighted + state.page)},
		{keys: ['Home', 'g'], description: 'the first way', group: 'first or last', when: scrolls, handler: highlight(0)},
		{keys: ['End', 'G'], description: 'the last way', group: 'first or last', when: scrolls, handler: highlight(state.sorted.length - 1)},
		// While the estimates come in, Enter is taken but opens nothing: a row nobody saw is never acted on (it says so).
		{
			keys: ['Enter'],
			description: 'borrow this way (the borrow wizard, filled in)',
			short: 'borrow',
			footer: 1,
			when: state.chosen !== undefined || state.read.status === 'running',
			handler: () => actions.borrow(),
		},
		{
			keys: ['s'],
			...SORT_KEY_WORDS[nextSort(sort)],
			footer: 1,
			when: state.read.status === 'ready',
			handler: () => actions.toggleSort(),
		},
		{keys: ['e'], description: 'change the loan coin, amount or periods', short: 'edit', footer: 2, handler: () => actions.editValues()},
		{
			...refreshBinding(() => actions.planAgain(), 'plan again (new estimates and prices)'),
			when: state.read.status === 'ready' || state.read.status === 'error',
		},
	];
}

function periodBindings(actions: PlanActions): Binding[] {
	return [
		{keys: ['Left', 'Up', 'k'], description: 'the periods before', group: 'choose', footer: 2, handler: () => actions.choosePeriods({type: 'cycle', by: -1})},
		{keys: ['Right', 'Down', 'j'], description: 'the periods after', group: 'choose', footer: 2, handler: () => actions.choosePeriods({type: 'cycle', by: 1})},
		{keys: ['a'], description: 'all three periods', group: 'periods', footer: 3, handler: () => actions.choosePeriods({type: 'pick', index: 0})},
		...PERIODS.map((period): Binding => ({
			keys: PERIOD_KEYS[period],
			description: `${PERIOD_LABEL[period]} only (${period})`,
			group: 'periods',
			footer: 3,
			handler: () => actions.choosePeriods({type: 'pick', index: PERIOD_SETS.indexOf(period)}),
		})),
		{keys: ['Enter'], description: 'plan: every pledge coin ranked', short: 'plan', footer: 1, handler: () => actions.start()},
	];
}
