// The estimate calculator's state and actions: the form (loan coin, pledge coin, period, and the pledge amount or,
// Ctrl+T, the amount to borrow), its checks, and the live estimate of all three periods (use-estimate-answers.ts).
import {useEffect, useReducer, useState} from 'react';
import type {Period} from '../../api/types.js';
import {pasteEdit, type TextEdit} from '../../ui/fields/text-editing.js';
import {useCoinSuggestions} from '../../ui/fields/use-coin-suggestions.js';
import {useNavigation} from '../../ui/navigation.js';
import {useServices} from '../../ui/services.js';
import {borrowRoute, type BorrowPrefill} from '../routes.js';
import {checkForm, fieldError, missingValues, type FormChecks} from './form-checks.js';
import {amountField, estimateFormReducer, restoredEstimateForm, type EstimateFormState, type TextFieldName} from './reducer.js';
import {useAskedCoins} from './use-asked-coins.js';
import {useCoinInfoLookup} from './use-coin-info-lookup.js';
import {useEstimateAnswers, type EstimateAnswers} from './use-estimate-answers.js';

export interface EstimateState extends EstimateAnswers {
	form: EstimateFormState;
	/** By loan amount (Ctrl+T), not by pledge. */
	loanMode: boolean;
	checks: FormChecks;
	/** What each field shown says under it. */
	errors: Partial<Record<TextFieldName, string>>;
	/** What still stands between the form and an estimate, in the fields' own words. */
	missing: string[];
	/** The focused coin field: its suggestions show beside the form. */
	coinField?: 'loanCoin' | 'pledgeCoin';
	suggestions: string[];
}

export interface EstimateActions {
	/** Typing and the editing keys, in the focused text field. */
	edit(edit: TextEdit): void;
	/** Enter in a text field: a coin field takes the highlighted suggestion, then focus moves on. */
	submitField(): void;
	/** ↑/↓ in a coin field that shows suggestions. */
	suggest(by: number): void;
	choosePeriod(daily: Period): void;
	movePeriod(by: number): void;
	moveField(by: 1 | -1): void;
	/** By pledge ↔ by loan amount. */
	toggleMode(): void;
	/** Opens the borrow wizard with these values. */
	borrow(prefill: BorrowPrefill): void;
	/** The same values asked again. */
	refresh(): void;
	/** A paste goes into the focused text field (the period takes none). */
	paste(text: string): void;
}

export function useEstimate(): {state: EstimateState; actions: EstimateActions} {
	const {coinInfos, inputs} = useServices();
	const infos = useCoinInfoLookup(coinInfos);
	const [refresh, setRefresh] = useState(0);
	const navigation = useNavigation();
	const [form, dispatch] = useReducer(estimateFormReducer, inputs, (memory) => restoredEstimateForm(memory.estimate()));
	// Kept for the session (Ctrl+B and back, leaving and coming back) and, once checked, for the next run.
	useEffect(() => {
		inputs.rememberEstimate({
			loanCoin: form.loanCoin,
			pledgeCoin: form.pledgeCoin,
			daily: form.daily,
			amountMode: form.amountMode,
			pledgeAmount: form.pledgeAmount,
			loanAmount: form.loanAmount,
		});
	}, [inputs, form.loanCoin, form.pledgeCoin, form.daily, form.amountMode, form.pledgeAmount, form.loanAmount]);
	const loanMode = form.amountMode === 'loan';
	const checks = checkForm(form, infos.coins);
	const asked = useAskedCoins(form.focus, checks, infos.settled);
	const answers = useEstimateAnswers({
		loanMode,
		daily: form.daily,
		coins: asked,
		amount: checks.amount,
		sameCoin: checks.pairError !== undefined,
		infos,
		refresh,
	});
	const errors = Object.fromEntries(
		(['loanCoin', 'pledgeCoin', amountField(form.amountMode)] as const).map((field) => [field, fieldError(form, checks, answers.limits, field)]),
	) as EstimateState['errors'];

	const coinField = form.focus === 'loanCoin' || form.focus === 'pledgeCoin' ? form.focus : undefined;
	const {coins, shown: suggestions} = useCoinSuggestions(coinField && form[coinField], coinField === 'pledgeCoin' ? 'pledge' : 'loan');
	const actions: EstimateActions = {
		edit: (edit) => dispatch({type: 'text', edit}),
		submitField: () => dispatch({type: 'submit-field', coins}),
		suggest: (by) => dispatch({type: 'suggest', by, coins}),
		choosePeriod: (daily) => dispatch({type: 'period', daily}),
		movePeriod: (by) => dispatch({type: 'select-period', move: {type: 'cycle', by}}),
		moveField: (by) => dispatch({type: 'move', by}),
		toggleMode: () => dispatch({type: 'toggle-mode'}),
		borrow: (prefill) => navigation.push(borrowRoute(prefill)),
		refresh: () => setRefresh((n) => n + 1),
		paste: (text) => {
			const edit = form.focus === 'daily' ? undefined : pasteEdit(text);
			if (edit) dispatch({type: 'text', edit});
		},
	};
	return {state: {...answers, form, loanMode, checks, errors, missing: missingValues(form, errors), coinField, suggestions}, actions};
}
