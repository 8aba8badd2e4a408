import fc from 'fast-check';
import type {Key} from 'ink';
import {describe, expect, it} from 'vitest';
import {applyTextEdit, MAX_FIELD_LENGTH, textEditFor, type TextState} from '../../source/ui/fields/text-editing.js';

const noKey: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};
const key = (overrides: Partial<Key>): Key => ({...noKey, ...overrides});

describe('text editing', () => {
	it('maps keys to edits, leaving navigation keys to the screen', () => {
		expect(textEditFor('a', noKey)).toEqual({op: 'insert', text: 'a'});
		expect(textEditFor('u', key({ctrl: true}))).toEqual({op: 'clear'});
		expect(textEditFor('w', key({ctrl: true}))).toEqual({op: 'delete-word'});
		expect(textEditFor('', key({backspace: true}))).toEqual({op: 'backspace'});
		expect(textEditFor('', key({delete: true}))).toEqual({op: 'backspace'});
		expect(textEditFor('', key({leftArrow: true}))).toEqual({op: 'left'});
		expect(textEditFor('', key({home: true}))).toEqual({op: 'start'});
		expect(textEditFor('', key({end: true}))).toEqual({op: 'end'});
		expect(textEditFor('a', key({ctrl: true}))).toEqual({op: 'start'});
		expect(textEditFor('e', key({ctrl: true}))).toEqual({op: 'end'});
		expect(textEditFor('b', key({meta: true}))).toEqual({op: 'word-left'});
		expect(textEditFor('f', key({meta: true}))).toEqual({op: 'word-right'});
		for (const navigation of [{return: true}, {tab: true}, {upArrow: true}, {escape: true}, {pageDown: true}] as Partial<Key>[]) {
			expect(textEditFor('', key(navigation))).toBeUndefined();
		}
		expect(textEditFor('r', key({ctrl: true}))).toBeUndefined();
		expect(textEditFor('\u001B[31m', noKey)).toEqual({op: 'insert', text: '[31m'});
	});

	it('edits as readline does: 1, Ctrl+A, End, 5 gives 15; Home, End, Alt+B/F, Ctrl+W and Ctrl+U', async () => {
		const {parseKey} = await import('../../source/ui/keys/parse-key.js');
		const typed = (sequences: string[], from: TextState = {value: '', cursor: 0}) =>
			sequences.reduce((state, sequence) => {
				const {input, key: parsed} = parseKey(sequence);
				const edit = textEditFor(input, parsed);
				return edit ? applyTextEdit(state, edit) : state;
			}, from);
		expect(typed(['1', '\u0001', '\u001B[F', '5']).value).toBe('15');
		expect(typed(['1', '\u001B[H', '5'])).toEqual({value: '51', cursor: 1});
		expect(typed(['1', '\u001B[1~', '\u001B[4~', '5']).value).toBe('15');
		// Alt+B and Alt+F (ESC b, ESC f) move by words; Ctrl+W deletes the word before the cursor; Ctrl+U clears.
		const line = {value: 'pledge 12.5 btc', cursor: 15};
		expect(typed(['\u001Bb'], line).cursor).toBe(12);
		expect(typed(['\u001Bb', '\u001Bb'], line).cursor).toBe(10);
		expect(typed(['\u0001', '\u001Bf'], line).cursor).toBe(6);
		expect(typed(['\u0001', '\u001Bf', '\u001Bf'], line).cursor).toBe(9);
		expect(typed(['\u0017'], line)).toEqual({value: 'pledge 12.5 ', cursor: 12});
		expect(typed(['\u0015'], line)).toEqual({value: '', cursor: 0});
	});

	it('inserts at the cursor, deletes before it, and moves within bounds', () => {
		let state: TextState = {value: '', cursor: 0};
		state = applyTextEdit(state, {op: 'insert', text: '100'});
		state = applyTextEdit(state, {op: 'left'});
		state = applyTextEdit(state, {op: 'left'});
		state = applyTextEdit(state, {op: 'insert', text: '.'});
		expect(state).toEqual({value: '1.00', cursor: 2});
		state = applyTextEdit(state, {op: 'backspace'});
		expect(state).toEqual({value: '100', cursor: 1});
		expect(applyTextEdit(state, {op: 'start'})).toEqual({value: '100', cursor: 0});
		expect(applyTextEdit({value: 'ab', cursor: 0}, {op: 'left'})).toEqual({value: 'ab', cursor: 0});
		expect(applyTextEdit({value: 'ab', cursor: 2}, {op: 'right'})).toEqual({value: 'ab', cursor: 2});
		expect(applyTextEdit({value: 'ab', cursor: 0}, {op: 'backspace'})).toEqual({value: 'ab', cursor: 0});
	});

	it('never exceeds the field length and never holds control characters', () => {
		fc.assert(
			fc.property(fc.array(fc.string({unit: 'binary', maxLength: 80}), {maxLength: 20}), (chunks) => {
				let state: TextState = {value: '', cursor: 0};
				for (const text of chunks) state = applyTextEdit(state, {op: 'insert', text});
				expect(state.value.length).toBeLessThanOrEqual(MAX_FIELD_LENGTH);
				expect(state.value).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
				expect(state.cursor).toBe(state.value.length);
			}),
			{numRuns: 500},
		);
	});

	it('typing character by character gives the text typed, however the keys are grouped', () => {
		fc.assert(
			fc.property(fc.string({unit: fc.constantFrom(...'0123456789.abcXYZ'), maxLength: 40}), (text) => {
				let state: TextState = {value: '', cursor: 0};
				for (const char of text) state = applyTextEdit(state, textEditFor(char, noKey)!);
				expect(state.value).toBe(text);
			}),
			{numRuns: 300},
		);
	});
});
