// The Plan screen as plain state: the form (loan coin, loan amount, which periods), then the ranked list with its
// highlighted row, its window and its order (cost, safety or the chance of a margin call).
import {PERIODS, type Period} from '../../api/types.js';
import {PLAN_SORTS, type Plan, type PlanSort} from '../../operations/plan.js';
import type {PlanKept} from '../routes.js';
import {nextChoice} from '../../ui/fields/choice-field.js';
import {coinFieldReducer, type CoinFieldAction} from '../../ui/fields/coin-field-state.js';
import {NO_SUGGESTION, type CoinLike} from '../../ui/fields/coin-rules.js';
import type {TextEdit} from '../../ui/fields/text-editing.js';
import {arrivedAt} from '../../ui/fields/text-field-state.js';

/** The periods planned: all three, or one (as `plan --daily`). */
export type PeriodSet = 'ALL' | Period;
export const PERIOD_SETS: readonly PeriodSet[] = ['ALL', ...PERIODS];

export const periodsOf = (set: PeriodSet): Period[] => (set === 'ALL' ? [...PERIODS] : [set]);

const PLAN_FIELDS = ['loanCoin', 'loanAmount', 'periods'] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];
export type PlanTextField = Exclude<PlanField, 'periods'>;

export interface PlanRequestValues {
	loanCoin: string;
	loanAmount: string;
	periods: PeriodSet;
}

export interface PlanState {
	loanCoin: string;
	loanAmount: string;
	periods: PeriodSet;
	/** A form field, or the list of ways. */
	focus: PlanField | 'list';
	visited: PlanField[];
	cursor: number;
	selected: boolean;
	suggestion: number;
	/** Why the values were refused (before any request). */
	refusal?: string;
	/** The values planned (once the list shows), and how many plans were started (a new one reads again). */
	asked?: PlanRequestValues;
	run: number;
	sort: PlanSort;
	/** The highlighted row of the sorted list, and the first row in the window. */
	highlighted: number;
	top: number;
}

export const initialPlan: PlanState = {
	loanCoin: '',
	loanAmount: '',
	periods: 'ALL',
	focus: 'loanCoin',
	visited: [],
	cursor: 0,
	selected: false,
	suggestion: NO_SUGGESTION,
	run: 0,
	sort: 'cost',
	highlighted: 0,
	top: 0,
};

/** The screen as it was left for the borrow wizard (routes.ts PlanKept), on its list; or the form as it first opens. */
export function keptPlan(kept?: PlanKept): PlanState {
	if (!kept) return initialPlan;
	return {
		...initialPlan,
		...kept.form,
		focus: 'list',
		visited: [...PLAN_FIELDS],
		asked: kept.asked,
		run: kept.run,
		sort: kept.sort,
		highlighted: kept.highlighted,
		top: kept.top,
	};
}

/** What keptPlan takes back: the state of the list now, with the plan it shows. */
export function planKept(state: PlanState, plan: Plan): PlanKept | undefined {
	if (!state.asked) return undefined;
	const {loanCoin, loanAmount, periods, asked, run, sort, highlighted, top} = state;
	return {form: {loanCoin, loanAmount, periods}, asked, run, sort, highlighted, top, plan};
}

/** The values a start plans, as the form holds them now (the coin upper-cased, both trimmed). */
export function askedOf(state: PlanState): PlanRequestValues {
	return {loanCoin: state.loanCoin.trim().toUpperCase(), loanAmount: state.loanAmount.trim(), periods: state.periods};
}

export type PlanAction =
	| {type: 'text'; edit: TextEdit}
	| {type: 'move'; by: 1 | -1}
	| {type: 'suggest'; by: number; coins: readonly CoinLike[]}
	/** Enter in the loan coin: the highlighted suggestion taken, focus on to the amount. */
	| {type: 'complete'; coins: readonly CoinLike[]}
	| {type: 'periods'; move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}}
	| {type: 'refuse'; field: PlanField; message: string}
	/** The values checked: the list shows and a plan is read. */
	| {type: 'start'}
	/** Back to the form (the list stays for the next start). */
	| {type: 'edit'}
	| {type: 'sort'}
	/** Highlight row `to` of `count`, the window `page` rows tall keeping it in view. */
	| {type: 'highlight'; to: number; count: number; page: number};

export function planReducer(state: PlanState, action: PlanAction): PlanState {
	switch (action.type) {
		case 'text':
			return field(state, {type: 'edit', edit: action.edit});
		case 'suggest':
			return state.focus === 'loanCoin' ? field(state, action) : state;
		case 'complete':
			return planReducer(state.focus === 'loanCoin' ? field(state, {type: 'complete', coins: action.coins}) : state, {type: 'move', by: 1});
		case 'move': {
			if (state.focus === 'list') return state;
			const index = PLAN_FIELDS.indexOf(state.focus);
			const next = PLAN_FIELDS[(index + action.by + PLAN_FIELDS.length) % PLAN_FIELDS.length]!;
			return {
				...state,
				focus: next,
				visited: visit(state.visited, state.focus),
				suggestion: NO_SUGGESTION,
				...(next === 'periods' ? {cursor: 0, selected: false} : arrival(state[next])),
			};
		}
		case 'periods':
			return state.focus === 'periods'
				? {...state, periods: PERIOD_SETS[nextChoice(PERIOD_SETS.indexOf(state.periods), PERIOD_SETS.length, action.move)]!, refusal: undefined}
				: state;
		case 'refuse':
			return {
				...state,
				focus: action.field,
				visited: visit(state.visited, state.focus),
				refusal: action.message,
				suggestion: NO_SUGGESTION,
				...(action.field === 'periods' ? {} : arrival(state[action.field])),
			};
		case 'start':
			return {
				...state,
				focus: 'list',
				visited: visit(state.visited, state.focus === 'list' ? 'periods' : state.focus),
				refusal: undefined,
				asked: askedOf(state),
				run: state.run + 1,
				highlighted: 0,
				top: 0,
				suggestion: NO_SUGGESTION,
			};
		case 'edit':
			return state.focus === 'list' ? {...state, focus: 'loanAmount', ...arrival(state.loanAmount)} : state;
		case 'sort':
			return {...state, sort: nextSort(state.sort), highlighted: 0, top: 0};
		case 'highlight': {
			if (action.count === 0) return state;
			const highlighted = Math.min(Math.max(0, action.to), action.count - 1);
			const page = Math.max(1, action.page);
			const top = highlighted < state.top ? highlighted : highlighted >= state.top + page ? highlighted - page + 1 : state.top;
			return highlighted === state.highlighted && top === state.top ? state : {...state, highlighted, top};
		}
	}
}

/** The order after `sort`: cost, safety, chance, and round again. */
export const nextSort = (sort: PlanSort): PlanSort => PLAN_SORTS[(PLAN_SORTS.indexOf(sort) + 1) % PLAN_SORTS.length]!;

const arrival = (value: string) => {
	const {cursor, selected} = arrivedAt(value);
	return {cursor, selected};
};

function visit(visited: PlanField[], focus: PlanField | 'list'): PlanField[] {
	return focus === 'list' || visited.includes(focus) ? visited : [...visited, focus];
}

/** The focused text field's reducer (the loan coin with its suggestions; the amount, a plain field). A changed value
 * clears the refusal. */
function field(state: PlanState, action: CoinFieldAction): PlanState {
	if (state.focus !== 'loanCoin' && state.focus !== 'loanAmount') return state;
	const name = state.focus;
	const next = coinFieldReducer({value: state[name], cursor: state.cursor, suggestion: state.suggestion, selected: state.selected}, action);
	const changed = next.value !== state[name];
	if (!changed && next.cursor === state.cursor && next.suggestion === state.suggestion && Boolean(next.selected) === state.selected) return state;
	return {
		...state,
		[name]: next.value,
		cursor: next.cursor,
		suggestion: next.suggestion,
		selected: Boolean(next.selected),
		refusal: changed ? undefined : state.refusal,
	};
}
