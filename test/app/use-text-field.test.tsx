// The text field's input hook: keys become edits only while the field has focus, Enter submits, ↑/↓ move a
// suggestion, a paste goes in as text (trimmed, on one line) or not at all; the handlers stay one object and act on
// the latest options.
import React, {useReducer} from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {parseKey} from '../../source/ui/keys/parse-key.js';
import {dispatchKey} from '../../source/ui/keys/binding.js';
import {atEnd} from '../../source/ui/fields/text-editing.js';
import {textFieldReducer} from '../../source/ui/fields/text-field-state.js';
import {useTextField, type TextFieldInput} from '../../source/ui/fields/use-text-field.js';

function harness(focused: boolean, submit = vi.fn(), suggest = vi.fn()) {
	const seen: TextFieldInput[] = [];
	function Field({focus}: {focus: boolean}) {
		const [state, dispatch] = useReducer(textFieldReducer, atEnd(''));
		seen.push(useTextField({focused: focus, submit, suggest, edit: (edit) => dispatch({type: 'edit', edit})}));
		return <Text>[{state.value}]</Text>;
	}
	let focus = focused;
	const app = render(<Field focus={focus} />);
	const press = (sequence: string) => {
		const {input, key} = parseKey(sequence);
		dispatchKey(seen.at(-1)!.bindings({submit: 'next'}), input, key);
	};
	const refocus = (next: boolean) => {
		focus = next;
		app.rerender(<Field focus={focus} />);
	};
	/** Renders again with the same focus: legacy-mode React commits every pending update at once, so the frame after
	 * it is the state (no waiting, and "nothing changed" is then a fact, not a pause). */
	const settle = () => refocus(focus);
	return {app, seen, press, submit, suggest, refocus, settle};
}

describe('useTextField', () => {
	it('edits, submits and suggests while focused; a paste goes in as one trimmed line', async () => {
		const field = harness(true);
		for (const char of '0.5x') field.press(char);
		field.press('\u007F');
		field.settle();
		expect(field.app.lastFrame()).toBe('[0.5]');
		field.press('\r');
		field.press('\u001B[B');
		expect(field.submit).toHaveBeenCalledTimes(1);
		expect(field.suggest).toHaveBeenCalledWith(1);
		expect(field.seen.at(-1)!.onPaste('\n 25\n')).toBe(true);
		field.settle();
		expect(field.app.lastFrame()).toBe('[0.525]');
	});

	it('takes nothing while the field has no focus, and follows focus without new handlers', async () => {
		const field = harness(false);
		field.press('7');
		field.press('\r');
		expect(field.seen.at(-1)!.onPaste('42')).toBe(false);
		field.settle();
		expect(field.app.lastFrame()).toBe('[]');
		expect(field.submit).not.toHaveBeenCalled();
		field.refocus(true);
		field.settle();
		field.press('7');
		field.settle();
		expect(field.app.lastFrame()).toBe('[7]');
		expect(new Set(field.seen).size).toBe(1);
	});
});
