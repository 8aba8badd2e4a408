import React from 'react';
import {Box, Text} from 'ink';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useNavigation} from '../../ui/navigation.js';
import {useShell} from '../../ui/services.js';
import {ChoiceList, choiceListRows} from '../../ui/fields/choice-list.js';
import {useBodySize} from '../../ui/layout.js';
import {useChoiceField} from '../../ui/fields/use-choice-field.js';

/** One line of the home menu: a screen's id (the registry builds the list) or quit. */
export interface HomeItem {
	label: string;
	value: string;
}

export function HomeScreen({items}: {items: readonly HomeItem[]}) {
	const navigation = useNavigation();
	const {theme} = useShell();
	const {columns, rows} = useBodySize();
	// Every item whole, wrapped at whole words; the title and the blank line under it give way when the items need
	// their rows (60×16: the menu's longer lines take two rows each).
	const menuRows = choiceListRows(items, 'numbers', columns);
	const above = Math.max(0, Math.min(2, rows - menuRows));
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
			{above > 0 ? (
				<Text bold color={theme.accent} wrap="truncate">
					Bitget spot pairs and crypto loans
				</Text>
			) : null}
			{above > 1 ? <Text> </Text> : null}
			<ChoiceList choices={items} selected={menu.selected} focused={active} color={theme.accent} keys="numbers" width={columns} />
		</Box>
	);
}
