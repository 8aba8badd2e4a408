// Entering credentials: three fields, then where to keep them. Plain state.
import type {Credentials} from '../../api/types.js';
import type {TextEdit} from '../fields/text-editing.js';
import {textFieldReducer} from '../fields/text-field-state.js';
import {nextChoice} from '../fields/choice-field.js';

export const CREDENTIAL_FIELDS = ['apiKey', 'secretKey', 'passphrase'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

export const FIELD_LABELS: Record<CredentialField, string> = {apiKey: 'API key', secretKey: 'Secret key', passphrase: 'Passphrase'};

export interface CredentialsFormState {
	values: Credentials;
	/** 'saving': the chosen keep option is being carried out. */
	step: CredentialField | 'keep' | 'saving';
	cursor: number;
	/** Selected option on the keep step. */
	keepIndex: number;
	error?: string;
}

export const initialCredentialsForm: CredentialsFormState = {values: {apiKey: '', secretKey: '', passphrase: ''}, step: 'apiKey', cursor: 0, keepIndex: 0};

export type CredentialsFormAction =
	| {type: 'text'; edit: TextEdit}
	| {type: 'select'; move: {type: 'cycle'; by: number} | {type: 'pick'; index: number}; count: number}
	| {type: 'saved'}
	| {type: 'submit'}
	| {type: 'back'}
	| {type: 'fail'; message?: string};

export function credentialsFormReducer(state: CredentialsFormState, action: CredentialsFormAction): CredentialsFormState {
	switch (action.type) {
		case 'select':
			return state.step === 'keep' ? {...state, keepIndex: nextChoice(state.keepIndex, action.count, action.move)} : state;
		case 'saved':
			return state.step === 'saving' ? initialCredentialsForm : state;
		case 'text': {
			if (state.step === 'keep' || state.step === 'saving') return state;
			const edited = textFieldReducer({value: state.values[state.step], cursor: state.cursor}, {type: 'edit', edit: action.edit});
			return {...state, values: {...state.values, [state.step]: edited.value}, cursor: edited.cursor, error: undefined};
		}
		case 'submit': {
			if (state.step === 'keep') return {...state, step: 'saving', error: undefined};
			if (state.step === 'saving') return state;
			const value = state.values[state.step].trim();
			if (value === '') return {...state, error: `${FIELD_LABELS[state.step]} is required`};
			if (/\s/.test(value)) return {...state, error: `${FIELD_LABELS[state.step]} cannot contain spaces`};
			const next = CREDENTIAL_FIELDS[CREDENTIAL_FIELDS.indexOf(state.step) + 1] ?? 'keep';
			return {...state, values: {...state.values, [state.step]: value}, step: next, cursor: next === 'keep' ? 0 : state.values[next].length, error: undefined};
		}
		case 'back': {
			if (state.step === 'apiKey' || state.step === 'saving') return state;
			const index = state.step === 'keep' ? CREDENTIAL_FIELDS.length : CREDENTIAL_FIELDS.indexOf(state.step);
			const previous = CREDENTIAL_FIELDS[index - 1]!;
			return {...state, step: previous, cursor: state.values[previous].length, error: undefined};
		}
		case 'fail':
			return {...state, step: state.step === 'saving' ? 'keep' : state.step, error: action.message};
	}
}
