import React from 'react';
import {Box, Text} from 'ink';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useNavigation} from '../../ui/navigation.js';
import {useShell} from '../../ui/services.js';
import {ChoiceList} from '../../ui/fields/choice-list.js';
import {useChoiceField} from '../../ui/fields/use-choice-field.js';

/** One line of the home menu: a screen's id (the registry builds the list) or quit. */
export interface HomeItem {
	label: string;
	value: string;
}

export function HomeScreen({items}: {items: readonly HomeItem[]}) {
	const navigation = useNavigation();
	const {theme} = useShell();
	const menu = useChoiceField(items.length, (index) => {
		const item = items[index];
		if (!item) return;
		if (item.value === 'quit') navigation.quit();
		else navigation.push({name: item.value});
	});
	const active = useScreenInput({
		mode: 'navigate',
		bindings: [
			{keys: ['Up', 'k'], description: 'move up', group: 'move', footer: 1, handler: () => menu.move(-1)},
			{keys: ['Down', 'j'], description: 'move down', group: 'move', footer: 1, handler: () => menu.move(1)},
			{keys: ['Enter'], description: 'open', footer: 1, handler: () => menu.choose()},
			{keys: [`1-${Math.min(9, items.length)}`], description: 'open that item', handler: (input) => menu.pick(Number(input) - 1)},
		],
	});
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="truncate">
				Bitget spot pairs and crypto loans
			</Text>
			<Text> </Text>
			<ChoiceList choices={items} selected={menu.selected} focused={active} color={theme.accent} keys="numbers" />
		</Box>
	);
}
