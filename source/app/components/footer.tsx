import React from 'react';
import {Text} from 'ink';
import type {KeyHelp} from '../../ui/keys/binding.js';
import {footerHints, joinHints} from '../../ui/keys/footer-line.js';
import type {InputMode} from '../../ui/keys/screen-input.js';

/** The keys of the current mode on one line; hints that do not fit are dropped, least important first. */
export function Footer({keys, mode, width, home, quitAsked}: {keys: KeyHelp[]; mode: InputMode; width: number; home?: boolean; quitAsked?: boolean}) {
	if (quitAsked) {
		return (
			<Text bold wrap="truncate">
				Quit loan-tui? Esc again quits · any other key stays
			</Text>
		);
	}
	return (
		<Text dimColor wrap="truncate">
			{joinHints(footerHints(keys, mode, width, {home}))}
		</Text>
	);
}
