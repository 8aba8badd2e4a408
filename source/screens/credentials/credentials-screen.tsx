// Which credentials are in use (source, masked key), and replacing or removing them.
import React, {useEffect, useState} from 'react';
import {Box, Text} from 'ink';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useServices} from '../../ui/services.js';
import {useStore} from '../../ui/use-store.js';
import {useBodySize} from '../../ui/layout.js';
import type {Binding} from '../../ui/keys/binding.js';
import {Spinner} from '../../ui/components/spinner.js';
import {maskKey} from '../../credentials/types.js';
import {useAccountDescription} from '../../ui/use-account-description.js';
import {sanitize} from '../../format/sanitize.js';
import {useCredentialsForm} from '../../ui/credentials/credentials-form.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {useChoiceField} from '../../ui/fields/use-choice-field.js';
import {canSaveTo} from '../../services/credentials-access.js';
import {KeychainUnavailableError} from '../../credentials/keychain-errors.js';

type Mode = 'menu' | 'replace' | 'confirm-remove' | 'removing';

const SOURCE_LABEL = {environment: 'environment variables (BITGET_*)', keychain: 'OS keychain', demo: 'built-in demo credentials', session: 'this session only (not stored)'};

export function CredentialsScreen() {
	const {credentials, theme, connectedTo, client} = useServices();
	const {columns} = useBodySize();
	const state = useStore(credentials);
	// The account behind the key: its mode and what the key may do, asked again for other credentials.
	const account = useAccountDescription(client, state.status === 'ready' ? state.resolved.credentials.apiKey : undefined);
	// When the keychain cannot be used, this screen says why once (under the status) and offers only what works.
	const keychain = useStore(credentials.keychain);
	const canSave = canSaveTo(keychain);
	const [mode, setMode] = useState<Mode>('menu');
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
	const stored = state.status === 'ready' && state.resolved.source === 'keychain';
	const forSession = demo || !canSave ? ' for this session' : '';
	const items = [
		state.status === 'ready'
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
				const text = error instanceof KeychainUnavailableError ? 'Not removed.' : `Could not remove: ${sanitize(error instanceof Error ? error.message : String(error))}`;
				setMessage({text, failed: true});
				setMode('menu');
			},
		);
	};
	const keep = () => setMode('menu');
	const bindings: Binding[] =
		mode === 'replace'
			? form.bindings
			: mode === 'confirm-remove'
				? [
						{keys: ['y', 'Y'], label: 'y', description: 'remove them from the keychain', short: 'remove', footer: 1, handler: remove},
						{keys: ['n', 'N'], label: 'n', description: 'keep them', short: 'keep', footer: 1, handler: keep},
						{keys: ['Esc'], description: 'back to the menu (they are kept)', footer: 2, handler: keep},
					]
				: mode === 'removing'
					? [{keys: ['Esc'], description: 'nothing: wait until they are removed', short: 'wait', footer: 1, handler: () => undefined}]
					: [
							{keys: ['Up', 'k'], description: 'choose the one above', group: 'choose', footer: 1, when: items.length > 1, handler: () => menu.move(-1)},
							{keys: ['Down', 'j'], description: 'choose the one below', group: 'choose', footer: 1, when: items.length > 1, handler: () => menu.move(1)},
							{keys: ['Enter'], description: 'select', footer: 1, handler: () => menu.choose()},
							{keys: [`1-${Math.min(9, items.length)}`], description: 'select that item', handler: (input) => menu.pick(Number(input) - 1)},
						];

	const active = useScreenInput({
		mode: mode === 'replace' ? form.mode : 'navigate',
		// The menu's items depend on what is found: keys typed before that act on the menu once it shows.
		loading: mode === 'menu' && (state.status === 'loading' || state.status === 'unknown'),
		bindings,
		onPaste: (text) => {
			if (mode === 'replace') form.onPaste(text);
		},
	});

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				Credentials · profile “{credentials.profile}”
			</Text>
			{state.status === 'loading' || state.status === 'unknown' ? <Spinner label="Looking up credentials…" /> : null}
			{state.status === 'ready' ? (
				<>
					<Text wrap="wrap">  Source   {SOURCE_LABEL[state.resolved.source]}</Text>
					<Text wrap="wrap">  API key  {maskKey(state.resolved.credentials.apiKey)}</Text>
					<Text wrap="wrap">  Account  {account ?? 'asking Bitget…'}</Text>
					<Text dimColor wrap="wrap">
						{'  '}The secret key and passphrase are never shown.
					</Text>
					{state.resolved.source === 'environment' ? (
						<Text color={theme.warn} wrap="wrap">
							{'  '}BITGET_* variables override the keychain while they are set.
						</Text>
					) : null}
				</>
			) : null}
			{state.status === 'none' && keychain.status === 'unavailable' ? <Text wrap="wrap">  None found.</Text> : null}
			{state.status === 'none' && keychain.status !== 'unavailable' ? (
				<Text wrap="wrap">  None found{state.reason ? `: ${sanitize(state.reason)}` : ''}. Add them here, or set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE.</Text>
			) : null}
			{keychain.status === 'unavailable' ? (
				<Box flexDirection="column" paddingLeft={2}>
					<Text color={theme.warn} wrap="wrap">
						The OS keychain is not available: {sentence(sanitize(keychain.reason))}
					</Text>
					{/* What to do, on the menu; the form needs the room. */}
					{mode === 'replace' ? null : (
						<Text dimColor wrap="wrap">
							{sanitize(keychain.remedy)}
						</Text>
					)}
				</Box>
			) : null}
			{message ? <Text color={message.failed ? theme.bad : theme.good} wrap="wrap">  {message.text}</Text> : null}
			<Text> </Text>
			{mode === 'menu' ? (
				<ChoiceList choices={items} selected={menu.selected} focused={active} color={theme.accent} keys="numbers" width={columns} />
			) : null}
			{mode === 'replace' ? form.view : null}
			{mode === 'confirm-remove' ? (
				<Text bold color={theme.warn} wrap="wrap">
					Remove the credentials of profile “{credentials.profile}” from the OS keychain? [y/N]
				</Text>
			) : null}
			{mode === 'removing' ? <Spinner label="Removing…" /> : null}
		</Box>
	);
}

/** A phrase ending as a sentence. */
function sentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}
