// The Credentials screen's keys as one table (ui/keys/binding.ts), by mode: the form's own rows while new ones are
// entered, y/n while removing is asked, a wait while it runs, else the menu's. Pure.
import type {Binding} from '../../ui/keys/binding.js';
import type {CredentialsActions, CredentialsMode} from './use-credentials.js';

export interface CredentialsKeyState {
	mode: CredentialsMode;
	/** Items on the menu. */
	items: number;
}

/** `form`: the credentials form's rows (ui/credentials/credentials-form.tsx), Esc included. */
export function credentialsBindings(state: CredentialsKeyState, actions: CredentialsActions, form: Binding[]): Binding[] {
	switch (state.mode) {
		case 'replace':
			return form;
		case 'confirm-remove':
			return [
				{keys: ['y', 'Y'], label: 'y', description: 'remove them from the keychain', short: 'remove', footer: 1, handler: actions.remove},
				{keys: ['n', 'N'], label: 'n', description: 'keep them', short: 'keep', footer: 1, handler: actions.keep},
				{keys: ['Esc'], description: 'back to the menu (they are kept)', footer: 2, handler: actions.keep},
			];
		case 'removing':
			return [{keys: ['Esc'], description: 'nothing: wait until they are removed', short: 'wait', footer: 1, handler: () => undefined}];
		case 'menu':
			return [
				{keys: ['Up', 'k'], description: 'choose the one above', group: 'choose', footer: 1, when: state.items > 1, handler: () => actions.move(-1)},
				{keys: ['Down', 'j'], description: 'choose the one below', group: 'choose', footer: 1, when: state.items > 1, handler: () => actions.move(1)},
				{keys: ['Enter'], description: 'select', footer: 1, handler: () => actions.choose()},
				{keys: [`1-${Math.min(9, state.items)}`], description: 'select that item', handler: (input) => actions.pick(Number(input) - 1)},
			];
	}
}
