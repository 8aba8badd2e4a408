// The Plan screen's state and actions: the form and list (reducer.ts), the plan read for the values asked
// (use-plan-read.ts), the rows in the order asked with the page they fit in, and what each key does (keys.ts).
// Enter on the form starts the read; Enter on a row opens the borrow wizard.
import {useEffect, useMemo, useReducer, useState} from 'react';
import {sortRows, type Plan, type PlanRow} from '../../operations/plan.js';
import {createStore} from '../../services/store.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import type {ChoiceMove} from '../../ui/fields/choice-field.js';
import {pasteEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {useBodySize} from '../../ui/layout.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import {borrowRoute, planRoute, type PlanKept} from '../routes.js';
import {listPage, listWords, type ListWords} from './list-layout.js';
import {askedOf, keptPlan, planKept, planReducer, type PlanState} from './reducer.js';
import {planRefusal} from './refusal.js';
import {usePlanChances} from './use-plan-chances.js';
import {usePlanRead, type PlanRead} from './use-plan-read.js';

const NONE = createStore<CoinInfoState>({status: 'idle'});

export interface PlanScreenState {
	form: PlanState;
	read: PlanRead;
	/** The plan read, its rows (with their chance as known now) in the order asked, and the highlighted one. */
	plan?: Plan;
	sorted: PlanRow[];
	chosen?: PlanRow;
	/** The lines around the list (once a plan is read), and the table rows they leave on a page. */
	words?: ListWords;
	page: number;
	columns: number;
	/** The loan coin field's suggestions (none while it has no focus). */
	suggestions: string[];
	/** Enter came in this run before any row showed: said under the progress, never acted on later. */
	enterTooEarly: boolean;
}

export interface PlanActions {
	editText(edit: TextEdit): void;
	paste(text: string): void;
	/** Enter in the loan coin: the highlighted suggestion taken, on to the amount. */
	completeCoin(): void;
	moveSuggestion(by: number): void;
	moveField(by: 1 | -1): void;
	choosePeriods(move: ChoiceMove): void;
	/** Enter on the form: the values checked, then planned (or refused on the field to change). */
	start(): void;
	/** Ctrl+R on the list: the same values planned again. */
	planAgain(): void;
	highlight(to: number): void;
	toggleSort(): void;
	/** e: back to the form (the list stays for the next start). */
	editValues(): void;
	borrow(): void;
}

export function usePlan(kept?: PlanKept): {state: PlanScreenState; actions: PlanActions} {
	const {client, coinInfos, priceHistory} = useServices();
	const {columns, rows: bodyRows} = useBodySize();
	const navigation = useNavigation();
	// Back from the borrow wizard it opened, the list is as it was left: the same rows, order and highlighted row.
	const [form, dispatch] = useReducer(planReducer, kept, keptPlan);
	useEffect(() => coinInfos?.ensure(), [coinInfos]);
	const reading = usePlanRead(client, coinInfos ?? NONE, kept?.plan);
	const {read} = reading;
	const {coins, shown: suggestions} = useCoinSuggestions(form.focus === 'loanCoin' ? form.loanCoin : undefined, 'loan');
	/** The run in which Enter came before any row was shown. */
	const [enterTooEarlyRun, setEnterTooEarlyRun] = useState<number | undefined>(undefined);

	const plan = read.status === 'ready' ? read.plan : undefined;
	const coinList = useStore(coinInfos ?? NONE);
	const rows = usePlanChances(priceHistory, coinList, read.status === 'running' ? form.asked?.loanCoin : undefined, plan);
	const sorted = useMemo(() => sortRows(rows, form.sort), [rows, form.sort]);
	const chosen = sorted[form.highlighted];
	// The lines around the list wrap at whole words (never cut): the page is what their rows leave.
	const words = plan && form.asked ? listWords(plan, form.asked, sorted.length, form.sort, chosen) : undefined;
	const page = listPage(words, sorted.length, columns, bodyRows);

	const planAgain = () => {
		dispatch({type: 'start'});
		reading.start(askedOf(form));
	};
	const actions: PlanActions = {
		editText: (edit) => dispatch({type: 'text', edit}),
		paste: (text) => {
			const edit = form.focus === 'loanCoin' || form.focus === 'loanAmount' ? pasteEdit(text) : undefined;
			if (edit) dispatch({type: 'text', edit});
		},
		completeCoin: () => dispatch({type: 'complete', coins}),
		moveSuggestion: (by) => dispatch({type: 'suggest', by, coins}),
		moveField: (by) => dispatch({type: 'move', by}),
		choosePeriods: (move) => dispatch({type: 'periods', move}),
		start: () => {
			const problem = planRefusal(form, (coinInfos ?? NONE).get());
			if (problem) dispatch({type: 'refuse', ...problem});
			else planAgain();
		},
		planAgain,
		highlight: (to) => dispatch({type: 'highlight', to, count: sorted.length, page}),
		toggleSort: () => dispatch({type: 'sort'}),
		editValues: () => dispatch({type: 'edit'}),
		borrow: () => {
			// Only a row on screen is acted on, the one shown highlighted: while the estimates come in there is none.
			if (!chosen || !plan) return setEnterTooEarlyRun(form.run);
			// The list is kept for the way back (replace, then push: the wizard's Esc comes back to it as it was).
			const keep = planKept(form, {...plan, rows});
			if (keep) navigation.replace(planRoute(keep));
			navigation.push(borrowRoute({loanCoin: plan.loanCoin, pledgeCoin: chosen.pledgeCoin, daily: chosen.period, loanAmount: plan.loanAmount}));
		},
	};
	const state = {form, read, plan, sorted, chosen, words, page, columns, suggestions, enterTooEarly: enterTooEarlyRun === form.run};
	return {state, actions};
}
