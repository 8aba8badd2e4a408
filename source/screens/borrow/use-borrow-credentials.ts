// The borrow wizard's credentials step (shown when none were found): the keys entered are kept for the session or
// saved in the keychain, then the review.
import {canSaveTo} from '../../services/credentials-access.js';
import {sanitize} from '../../format/sanitize.js';
import {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import type {WizardAction} from './reducer.js';

export function useBorrowCredentials(active: boolean, dispatch: (action: WizardAction) => void, back: () => void) {
	const {theme, credentials, connectedTo} = useServices();
	const keychain = useStore(credentials.keychain);
	return useCredentialsForm({
		active,
		theme,
		profile: credentials.profile,
		canSave: connectedTo !== 'demo' && canSaveTo(keychain),
		notSavedBecause: keychain.status === 'unavailable' ? sanitize(keychain.reason) : undefined,
		onKeep: async (entered, choice) => {
			if (choice === 'save') await credentials.save(entered);
			else credentials.useForSession(entered);
			dispatch({type: 'credentials-ready'});
		},
		onCancel: back,
	});
}
