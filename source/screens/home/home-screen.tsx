import React from 'react';
import {Box, Text} from 'ink';
import SelectInput from 'ink-select-input';
import {useScreenInput} from '../../app/input-router.js';
import {useNavigation} from '../../app/navigation.js';
import type {ScreenName} from '../../app/screen-stack.js';
import {useServices} from '../../app/services.js';

type HomeChoice = Exclude<ScreenName, 'home'> | 'quit';

export const HOME_ITEMS: Array<{label: string; value: HomeChoice}> = [
	{label: 'Symbols      browse and filter spot trading pairs', value: 'symbols'},
	{label: 'Estimate     what a loan costs, all periods side by side', value: 'estimate'},
	{label: 'Borrow       borrow a coin against collateral', value: 'borrow'},
	{label: 'Credentials  API key in use, replace or remove it', value: 'credentials'},
	{label: 'Quit', value: 'quit'},
];

const KEYS = [
	{keys: '↑/↓ j/k', action: 'move', footer: true},
	{keys: 'Enter', action: 'open', footer: true},
	{keys: '1-5', action: 'jump to an item'},
];

export function HomeScreen() {
	const navigation = useNavigation();
	const {theme} = useServices();
	const active = useScreenInput({mode: 'navigate', keys: KEYS});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				Bitget spot pairs and crypto loans
			</Text>
			<Text> </Text>
			<SelectInput
				items={HOME_ITEMS}
				isFocused={active}
				onSelect={(item) => (item.value === 'quit' ? navigation.quit() : navigation.push({name: item.value}))}
			/>
		</Box>
	);
}
