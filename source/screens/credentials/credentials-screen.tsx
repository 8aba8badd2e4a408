// Which credentials are in use (source, masked key), and replacing or removing them. State and actions:
// use-credentials.ts; keys: keys.ts.
import React from 'react';
import {Box, Text} from 'ink';
import {maskKey} from '../../credentials/types.js';
import {sanitize} from '../../format/sanitize.js';
import {Spinner} from '../../ui/components/spinner.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useServices} from '../../ui/services.js';
import type {Theme} from '../../ui/theme.js';
import {credentialsBindings} from './keys.js';
import {useCredentials} from './use-credentials.js';

const SOURCE_LABEL = {
	environment: 'environment variables (BITGET_*)',
	keychain: 'OS keychain',
	demo: 'built-in demo credentials',
	session: 'this session only (not stored)',
};

type CredentialsScreenState = ReturnType<typeof useCredentials>['state'];

export function CredentialsScreen() {
	const {theme} = useServices();
	const {columns} = useBodySize();
	const {state, actions, form} = useCredentials();
	const {mode, found, keychain} = state;
	const active = useScreenInput({
		mode: mode === 'replace' ? form.mode : 'navigate',
		// The menu's items depend on what is found: keys typed before that act on the menu once it shows.
		loading: mode === 'menu' && (found.status === 'loading' || found.status === 'unknown'),
		bindings: credentialsBindings({mode, items: state.items.length}, actions, form.bindings),
		onPaste: (text) => {
			if (mode === 'replace') form.onPaste(text);
		},
	});

	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				Credentials · profile “{state.profile}”
			</Text>
			<CredentialsFound state={state} theme={theme} />
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
			{state.message ? (
				<Text color={state.message.failed ? theme.bad : theme.good} wrap="wrap">
					{'  '}
					{state.message.text}
				</Text>
			) : null}
			<Text> </Text>
			{mode === 'menu' ? (
				<ChoiceList choices={state.items} selected={state.selected} focused={active} color={theme.accent} keys="numbers" width={columns} />
			) : null}
			{mode === 'replace' ? form.view : null}
			{mode === 'confirm-remove' ? (
				<Text bold color={theme.warn} wrap="wrap">
					Remove the credentials of profile “{state.profile}” from the OS keychain? [y/N]
				</Text>
			) : null}
			{mode === 'removing' ? <Spinner label="Removing…" /> : null}
		</Box>
	);
}

/** What is in use: looked up, found (its source, key and account), or none. */
function CredentialsFound({state, theme}: {state: CredentialsScreenState; theme: Theme}) {
	const {found, keychain} = state;
	return (
		<>
			{found.status === 'loading' || found.status === 'unknown' ? <Spinner label="Looking up credentials…" /> : null}
			{found.status === 'ready' ? (
				<>
					<Text wrap="wrap">
						{'  Source   '}
						{SOURCE_LABEL[found.resolved.source]}
					</Text>
					<Text wrap="wrap">
						{'  API key  '}
						{maskKey(found.resolved.credentials.apiKey)}
					</Text>
					<Text wrap="wrap">
						{'  Account  '}
						{state.account ?? 'asking Bitget…'}
					</Text>
					<Text dimColor wrap="wrap">
						{'  '}The secret key and passphrase are never shown.
					</Text>
					{found.resolved.source === 'environment' ? (
						<Text color={theme.warn} wrap="wrap">
							{'  '}BITGET_* variables override the keychain while they are set.
						</Text>
					) : null}
				</>
			) : null}
			{found.status === 'none' && keychain.status === 'unavailable' ? <Text wrap="wrap">{'  None found.'}</Text> : null}
			{found.status === 'none' && keychain.status !== 'unavailable' ? (
				<Text wrap="wrap">
					{'  '}
					None found{found.reason ? `: ${sanitize(found.reason)}` : ''}. Add them here, or set BITGET_API_KEY, BITGET_SECRET_KEY and BITGET_PASSPHRASE.
				</Text>
			) : null}
		</>
	);
}

/** A phrase ending as a sentence. */
function sentence(text: string): string {
	return /[.!?]$/.test(text) ? text : `${text}.`;
}
