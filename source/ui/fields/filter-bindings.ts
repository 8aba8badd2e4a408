// The keys of a list's filter line while it has the keys (Loans, History; ui/components/list-filter.tsx draws it):
// Enter or Tab back to the list with the filter kept, Esc clears what is typed and then closes, typing filters. A
// field's keys, so they live with the fields: ui/fields builds on ui/components, never the other way round.
import {textRow} from './field-bindings.js';
import type {TextEdit} from './text-editing.js';
import type {Binding} from '../keys/binding.js';

export function filterBindings(query: string, on: {close: () => void; edit: (edit: TextEdit) => void}): Binding[] {
	return [
		{keys: ['Enter', 'Tab'], label: 'Enter', description: 'to the list (the filter kept)', short: 'to the list', footer: 1, handler: on.close},
		{
			keys: ['Esc'],
			description: query === '' ? 'close the filter' : 'clear the filter (then Esc closes it)',
			short: query === '' ? 'close filter' : 'clear filter',
			footer: 1,
			handler: () => (query === '' ? on.close() : on.edit({op: 'clear'})),
		},
		{...textRow(on.edit), description: 'filter: every word must match (/ - _ ignored)', short: 'filter', footer: 2},
	];
}
