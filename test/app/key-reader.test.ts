import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {createKeyReader, type KeyEvent} from '../../source/ui/keys/key-reader.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';

const sequences = (events: KeyEvent[]) => events.map((event) => (event.type === 'key' ? event.sequence : `paste:${event.text}`));

describe('key reader', () => {
	it('splits a burst into single keys, escape sequences whole', () => {
		const reader = createKeyReader();
		expect(sequences(reader.push('jjj'))).toEqual(['j', 'j', 'j']);
		expect(sequences(reader.push('\u001B[B\u001B[B\r'))).toEqual(['\u001B[B', '\u001B[B', '\r']);
		expect(sequences(reader.push('\u007F\u007F'))).toEqual(['\u007F', '\u007F']);
		expect(sequences(reader.push('0.5\r\u001B[5~\u001BOA\u001B[1;5C'))).toEqual(['0', '.', '5', '\r', '\u001B[5~', '\u001BOA', '\u001B[1;5C']);
		expect(sequences(reader.push('😀é'))).toEqual(['😀', 'é']);
	});

	it('decodes each key as Ink would', () => {
		expect(parseKey('\u001B[B').key.downArrow).toBe(true);
		expect(parseKey('\u001BOA').key.upArrow).toBe(true);
		expect(parseKey('\r').key.return).toBe(true);
		expect(parseKey('\u007F').key.backspace).toBe(true);
		expect(parseKey('\u001B[3~').key.delete).toBe(true);
		expect(parseKey('\u001B[Z').key).toMatchObject({tab: true, shift: true});
		expect(parseKey('\u001B[5~').key.pageUp).toBe(true);
		expect(parseKey('\u001B[H').key.home).toBe(true);
		expect(parseKey('\u001B[4~').key.end).toBe(true);
		expect(parseKey('\u0015')).toMatchObject({input: 'u', key: {ctrl: true}});
		expect(parseKey('\u0003')).toMatchObject({input: 'c', key: {ctrl: true}});
		expect(parseKey('\u001B')).toMatchObject({input: '', key: {escape: true}});
		expect(parseKey('G')).toMatchObject({input: 'G', key: {shift: true}});
		expect(parseKey('\u001B[1;5C').key).toMatchObject({rightArrow: true, ctrl: true});
		expect(parseKey('\u001B[?1;2c')).toMatchObject({input: ''});
	});

	it('waits for the rest of a sequence cut by a read, and takes a lone ESC as Escape only when nothing follows', () => {
		const reader = createKeyReader();
		expect(reader.push('j\u001B[')).toHaveLength(1);
		expect(reader.pending()).toBe(true);
		expect(sequences(reader.push('Bk'))).toEqual(['\u001B[B', 'k']);
		expect(reader.push('\u001B')).toEqual([]);
		expect(sequences(reader.flush())).toEqual(['\u001B']);
		expect(reader.pending()).toBe(false);
	});

	it('counts every Esc of a burst: Esc Esc in one read is two Escapes, seven are seven, however the read is cut', () => {
		const escapes = (reads: string[]) => {
			const reader = createKeyReader();
			const events = reads.flatMap((read) => reader.push(read));
			return sequences([...events, ...reader.flush()]);
		};
		expect(escapes(['\u001B\u001B'])).toEqual(['\u001B', '\u001B']);
		expect(escapes(['\u001B'.repeat(7)])).toEqual(Array(7).fill('\u001B'));
		// As Ink hands over seven Escs read at once: pairs, then the last one a turn later.
		expect(escapes(['\u001B\u001B', '\u001B\u001B', '\u001B\u001B', '\u001B'])).toEqual(Array(7).fill('\u001B'));
		// Esc before another key, Esc before a cursor key, and Alt+↑ sent as ESC ESC [ A stay what they are.
		expect(escapes(['\u001B\u001Bj'])).toEqual(['\u001B', '\u001Bj']);
		expect(escapes(['\u001B\u001B\u001B[A'])).toEqual(['\u001B', '\u001B\u001B[A']);
		expect(escapes(['\u001B\u001B[A'])).toEqual(['\u001B\u001B[A']);
	});

	it('keeps a bracketed paste apart as text, even split over reads and holding control keys', () => {
		const reader = createKeyReader();
		expect(sequences(reader.push('a\u001B[200~0.5\u001B[201~b'))).toEqual(['a', 'paste:0.5', 'b']);
		expect(reader.push('\u001B[200~y\ry')).toEqual([]);
		expect(reader.push('\u001B[20')).toEqual([]);
		expect(reader.flush()).toEqual([]);
		expect(sequences(reader.push('1~'))).toEqual(['paste:y\ry']);
		expect(sequences(reader.push('\u001B[200~\u001B[B\u001B[201~\u001B[A'))).toEqual(['paste:\u001B[B', '\u001B[A']);
	});

	it('gives the same keys however the bytes are cut into reads', () => {
		const keys = fc.constantFrom('j', 'y', '\r', '\u007F', '\u001B[A', '\u001B[B', '\u001B[5~', '\u001BOH', '\t', 'é', '😀');
		fc.assert(
			fc.property(fc.array(keys, {maxLength: 30}), fc.array(fc.nat(), {maxLength: 10}), (pressed, cuts) => {
				const text = pressed.join('');
				const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
				const reader = createKeyReader();
				const out: KeyEvent[] = [];
				let from = 0;
				for (const point of [...points, text.length]) {
					// Never cut inside a surrogate pair: a terminal's read delivers whole UTF-8 characters as text.
					const at = /[\uDC00-\uDFFF]/.test(text[point] ?? '') ? point + 1 : point;
					if (at < from) continue;
					out.push(...reader.push(text.slice(from, at)));
					from = at;
				}
				expect(sequences(out)).toEqual(pressed);
			}),
		);
	});
});
