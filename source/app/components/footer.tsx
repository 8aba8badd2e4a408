import React from 'react';
import {Text} from 'ink';
import {GLOBAL_KEYS, type KeyHelp} from '../../ui/keys/key-help.js';
import type {InputMode} from '../../ui/keys/screen-input.js';

/** The keys of the current mode, one line, truncated to the terminal. */
export function Footer({keys, mode}: {keys: KeyHelp[]; mode: InputMode}) {
	const global = GLOBAL_KEYS.filter((key) => key.footer && !(mode === 'text' && key.keys === '?'));
	const shown = [...keys.filter((key) => key.footer), ...global];
	return (
		<Text dimColor wrap="truncate">
			{shown.map((key) => `${key.keys} ${key.action.replace(/ \(.*\)$/, '')}`).join(' · ')}
		</Text>
	);
}
