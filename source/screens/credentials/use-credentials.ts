// The Credentials screen's state and actions: what is in use (the credentials store, looked up as the screen
// opens), the keychain's status, the account behind the key, the menu, the form that enters new ones, and removing
// what the keychain holds.
import {useEffect, useState} from 'react';
import {KeychainUnavailableError} from '../../credentials/keychain-errors.js';
import {sanitize} from '../../format/sanitize.js';
import {canSaveTo} from '../../services/credentials-access.js';
import {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import {useChoiceField} from '../../ui/fields/use-choice-field.js';
import {useAccountDescription} from '../../ui/use-account-description.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';

export type CredentialsMode = 'menu' | 'replace' | 'confirm-remove' | 'removing';

export interface CredentialsActions {
	/** The menu's highlight one item up (-1) or down (1). */
	move(by: number): void;
	/** Enter: the highlighted item. */
	choose(): void;
	/** A digit: that item. */
	pick(index: number): void;
	/** y: remove them from the keychain. */
	remove(): void;
	/** n or Esc: keep them, back to the menu. */
	keep(): void;
}

export function useCredentials() {
	const {credentials, theme, connectedTo, client} = useServices();
	const found = useStore(credentials);
	// The account behind the key: its mode and what the key may do, asked again for other credentials.
	const account = useAccountDescription(client, found.status === 'ready' ? found.resolved.credentials.apiKey : undefined);
	// When the keychain cannot be used, this screen says why once (under the status) and offers only what works.
	const keychain = useStore(credentials.keychain);
	const canSave = canSaveTo(keychain);
	const [mode, setMode] = useState<CredentialsMode>('menu');
	const [message, setMessage] = useState<{text: string; failed?: boolean} | undefined>();
	const demo = connectedTo === 'demo';

	useEffect(() => {
		void credentials.load();
	}, [credentials]);

	const form = useCredentialsForm({
		active: mode === 'replace',
		theme,
		profile: credentials.profile,
		canSave: !demo && canSave,
		onKeep: async (entered, choice) => {
			// A failure stays in the form (a keychain found unavailable is said by this screen, above it).
			if (choice === 'save') await credentials.save(entered);
			else credentials.useForSession(entered);
			setMessage({text: choice === 'save' ? 'Saved in the OS keychain.' : 'Using these credentials for this session.'});
			setMode('menu');
		},
		onCancel: () => setMode('menu'),
	});

	// "Add" when nothing is in use; "Remove" only for what the keychain holds (never a question about nothing).
	const stored = found.status === 'ready' && found.resolved.source === 'keychain';
	const forSession = demo || !canSave ? ' for this session' : '';
	const items = [
		found.status === 'ready'
			? {label: `Replace — enter a new API key, secret key and passphrase${forSession}`, value: 'replace' as const}
			: {label: `Add — enter an API key, secret key and passphrase${forSession}`, value: 'replace' as const},
		...(demo || !stored ? [] : [{label: 'Remove — delete them from the OS keychain', value: 'remove' as const}]),
	];
	// Back on the menu, the highlight stays on the item chosen last.
	const menu = useChoiceField(items.length, (index) => {
		const item = items[index];
		if (item) setMode(item.value === 'replace' ? 'replace' : 'confirm-remove');
	});

	const remove = () => {
		setMode('removing');
		credentials.remove().then(
			(removed) => {
				setMessage({text: removed ? 'Removed from the OS keychain.' : 'There was nothing stored in the keychain for this profile.'});
				setMode('menu');
			},
			(error: unknown) => {
				// Once: an unavailable keychain is said under the status; anything else here.
				const text =
					error instanceof KeychainUnavailableError ? 'Not removed.' : `Could not remove: ${sanitize(error instanceof Error ? error.message : String(error))}`;
				setMessage({text, failed: true});
				setMode('menu');
			},
		);
	};
	const actions: CredentialsActions = {move: menu.move, choose: menu.choose, pick: menu.pick, remove, keep: () => setMode('menu')};
	return {state: {profile: credentials.profile, found, keychain, account, mode, message, items, selected: menu.selected}, actions, form};
}
