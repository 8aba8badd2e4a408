// API key, secret key (masked), passphrase (masked), then: save to the OS keychain or use for this session only.
import React, {useReducer} from 'react';
import {Box, Text} from 'ink';
import type {Binding} from '../keys/binding.js';
import type {Credentials} from '../../api/types.js';
import {KeychainUnavailableError} from '../../credentials/keychain-errors.js';
import type {Theme} from '../theme.js';
import {ChoiceList} from '../fields/choice-list.js';
import {useTextField} from '../fields/use-text-field.js';
import {choiceBindings} from '../fields/field-bindings.js';
import {TextField} from '../fields/text-field.js';
import {CREDENTIAL_FIELDS, credentialsFormReducer, FIELD_LABELS, initialCredentialsForm} from './form-reducer.js';

type KeepChoice = 'save' | 'session';

export interface CredentialsFormProps {
	active: boolean;
	theme: Theme;
	profile: string;
	/** False where there is no keychain to save to (demo mode), or it cannot be used: then only "this session" is offered. */
	canSave: boolean;
	/** Why the keychain is not offered, shown once on the keep step; left out where the screen already says it. */
	notSavedBecause?: string;
	/** Resolves when kept; rejects and the form stays on the choice: with the error's message, unless the keychain
	 * turned out to be unavailable (the choice then goes, and the screen or `notSavedBecause` says why, once). */
	onKeep(credentials: Credentials, choice: KeepChoice): Promise<void>;
	/** Esc on the first field. */
	onCancel(): void;
}

export function useCredentialsForm(props: CredentialsFormProps) {
	const [state, dispatch] = useReducer(credentialsFormReducer, initialCredentialsForm);
	const choices = [
		...(props.canSave ? [{label: `Save in the OS keychain (profile "${props.profile}")`, value: 'save' as const}] : []),
		{label: 'Use for this session only (nothing is stored)', value: 'session' as const},
	];
	const {onKeep} = props;
	// The choices can shrink under the selection (the keychain found unavailable): it stays on one that exists.
	const keepIndex = Math.min(state.keepIndex, choices.length - 1);

	/** Enter on the keep step: the choice is carried out there and then (the form shows "Saving…" meanwhile). */
	const keep = () => {
		dispatch({type: 'submit'});
		onKeep(state.values, choices[keepIndex]?.value ?? 'session').then(
			() => dispatch({type: 'saved'}),
			(error: unknown) =>
				dispatch({type: 'fail', message: error instanceof KeychainUnavailableError ? undefined : error instanceof Error ? error.message : String(error)}),
		);
	};

	/** Esc steps back inside the form; from the first field it cancels. Always handled. */
	const back = (): boolean => {
		if (state.step === 'apiKey') props.onCancel();
		else dispatch({type: 'back'});
		return true;
	};

	const field = useTextField({
		focused: state.step !== 'keep' && state.step !== 'saving',
		submit: () => dispatch({type: 'submit'}),
		edit: (edit) => dispatch({type: 'text', edit}),
	});

	/** The form's rows for its screen's key table, Esc included (back inside the form; from the first field, cancel). */
	const bindings: Binding[] = [
		...(state.step === 'saving'
			? []
			: state.step === 'keep'
				? choiceBindings(
						{submit: keep, move: (move) => dispatch({type: 'select', move, count: choices.length})},
						{count: choices.length, submit: 'keep them so'},
					)
				: field.bindings({submit: state.step === 'passphrase' ? 'next: where to keep them' : 'next field'})),
		{keys: ['Esc'], description: state.step === 'apiKey' ? 'cancel' : 'back a field', footer: 1, handler: back},
	];

	/** A paste goes into the focused field as text. */
	const onPaste = (text: string) => void field.onPaste(text);

	const view = (
		<Box flexDirection="column">
			{CREDENTIAL_FIELDS.map((field) => (
				<TextField
					key={field}
					label={FIELD_LABELS[field]}
					value={state.values[field]}
					cursor={state.step === field ? state.cursor : 0}
					secret={field !== 'apiKey'}
					focused={props.active && state.step === field}
					theme={props.theme}
					error={state.step === field ? state.error : undefined}
				/>
			))}
			{state.step === 'keep' || state.step === 'saving' ? (
				<Box flexDirection="column" marginTop={1}>
					<Text wrap="truncate">Where should these credentials be kept?</Text>
					{props.notSavedBecause && !props.canSave ? (
						<Text wrap="wrap" dimColor>
							Not in the OS keychain: {props.notSavedBecause}
						</Text>
					) : null}
					{state.step === 'saving' ? (
						<Text dimColor>Saving…</Text>
					) : (
						<ChoiceList choices={choices} selected={keepIndex} focused={props.active} color={props.theme.accent} keys="numbers" />
					)}
					{state.error ? (
						<Text wrap="wrap" color={props.theme.bad}>
							✗ {state.error}
						</Text>
					) : null}
				</Box>
			) : null}
		</Box>
	);
	return {view, back, bindings, onPaste, mode: state.step === 'keep' || state.step === 'saving' ? ('navigate' as const) : ('text' as const)};
}
