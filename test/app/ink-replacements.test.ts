// The modules the bundle puts in place of Ink's (scripts/build.mjs) must give exactly what Ink's give.
import {Chalk} from 'chalk';
import fc from 'fast-check';
import React from 'react';
import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import stringWidth from 'string-width';
import packageWidestLine from 'widest-line';
import inkMeasureText from '../../node_modules/ink/build/measure-text.js';
import InkOutput from '../../node_modules/ink/build/output.js';
import inkSanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import inkWrapText from '../../node_modules/ink/build/wrap-text.js';
import FrameOutput from '../../source/app/ink/frame-output.js';
import measureText from '../../source/app/ink/measure-text.js';
import sanitizeAnsi from '../../source/app/ink/sanitize-ansi.js';
import {charWidth, isStandaloneGrapheme, lineWidth} from '../../source/format/text-width.js';
import widestLine from '../../source/app/ink/widest-line.js';
import wrapText from '../../source/app/ink/wrap-text.js';

const chalk = new Chalk({level: 3});
const STYLES: Array<(text: string) => string> = [
	(text) => text,
	chalk.bold,
	chalk.dim,
	chalk.bold.dim,
	chalk.inverse,
	chalk.underline.cyan,
	chalk.red,
	chalk.bgBlue.white,
	chalk.hex('#ff8800'),
	chalk.bgHex('#123456').bold,
	(text) => chalk.green(`a${chalk.bold(text)}b`),
	(text) => `\u001B[1;4;31m${text}\u001B[0m`,
	(text) => `\u001B]8;;https://example.com\u0007${text}\u001B]8;;\u0007`,
];
// The app's own characters, and everything that must leave the fast path for Ink's tokenizer.
const PIECES = [
	...['a', 'bc', ' ', '  ', 'BTCUSDT', '0.001', '│', '─', '—', '…', '·', '×', '↑', '→', '✓', '✗', '⚠', '❯', '●', '•', '⠋', '“', '›', 'é'],
	...['漢字', '😀', '⌚', '✓\uFE0F', 'e\u0301', '👍🏽', '\u200D', '\n', 'x\ny', '\r', '\r\n', '\t', '\u0007', '\u009B31m'],
	...[
		'\u001B[2K',
		'\u001BX',
		'\u001B[',
		'\u001B[31',
		'\u001B[m',
		'\u001B[38;5;123m',
		'\u001B[48;2;1;2;3mz',
		'\u001B[12345m',
		'\u001B[4:3m',
		'\u001B[;1m',
		'\u001B[1 m',
		'\u001B[?25h',
	],
];

const styledText = fc
	.array(fc.tuple(fc.constantFrom(...PIECES), fc.nat(STYLES.length - 1)), {minLength: 1, maxLength: 6})
	.map((parts) => parts.map(([piece, style]) => STYLES[style]!(piece)).join(''));

const clip = fc.record({
	x1: fc.option(fc.integer({min: -2, max: 30}), {nil: undefined}),
	x2: fc.option(fc.integer({min: -2, max: 40}), {nil: undefined}),
	y1: fc.option(fc.integer({min: -2, max: 8}), {nil: undefined}),
	y2: fc.option(fc.integer({min: -2, max: 12}), {nil: undefined}),
});

const TRANSFORMERS: Array<(line: string, index: number) => string> = [
	(line) => chalk.magenta(line),
	(line, index) => `${index}:${line}`,
	(line) => line.toUpperCase(),
];

const operation = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record({
			type: fc.constant('write' as const),
			x: fc.integer({min: -3, max: 45}),
			y: fc.integer({min: -2, max: 12}),
			text: styledText,
			transformers: fc.subarray([0, 1, 2]),
		}),
	},
	{weight: 1, arbitrary: fc.record({type: fc.constant('clip' as const), clip})},
	{weight: 1, arbitrary: fc.constant({type: 'unclip' as const})},
);

type Op =
	| {type: 'write'; x: number; y: number; text: string; transformers: number[]}
	| {type: 'clip'; clip: {x1?: number; x2?: number; y1?: number; y2?: number}}
	| {type: 'unclip'};

function play(output: InkOutput | FrameOutput, operations: Op[]) {
	for (const op of operations) {
		if (op.type === 'write') output.write(op.x, op.y, op.text, {transformers: op.transformers.map((i) => TRANSFORMERS[i]!)});
		else if (op.type === 'clip') output.clip({x1: op.clip.x1, x2: op.clip.x2, y1: op.clip.y1, y2: op.clip.y2});
		else output.unclip();
	}
	return output.get();
}

const anyText = fc.array(styledText, {maxLength: 3}).map((parts) => parts.join(''));

/** Ink's wrap, each line on its own, with the one change ours makes: a row a wrap starts loses the space it broke at
 * (after any colour codes opening it); everything else, as Ink draws it. */
function withoutBreakSpaces(text: string, width: number): string {
	return text
		.replaceAll('\r\n', '\n')
		.split('\n')
		.map((line) =>
			inkWrapText(line, width, 'wrap')
				.split('\n')
				.map((row, i) => (i > 0 ? row.replace(/^((?:\u001B\[[0-9;]*m)*) /, '$1') : row))
				.join('\n'),
		)
		.join('\n');
}

describe('measure-text, wrap-text, sanitize-ansi and line widths', () => {
	it('sanitise the same as Ink', () => {
		fc.assert(
			fc.property(anyText, (text) => {
				expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
			}),
			{numRuns: 1000},
		);
	});

	it('measure a line as string-width does, and a text as widest-line does', () => {
		fc.assert(
			fc.property(anyText, (text) => {
				for (const line of text.split('\n')) expect(lineWidth(line)).toBe(stringWidth(line));
				expect(widestLine(text)).toBe(packageWidestLine(text));
			}),
			{numRuns: 1000},
		);
	});

	it('give every standalone character and every grapheme of the pieces the width string-width gives', () => {
		let standalone = 0;
		for (let code = 0; code <= 0xffff; code++) {
			if (!isStandaloneGrapheme(code)) continue;
			standalone++;
			const char = String.fromCharCode(code);
			if (charWidth(char) !== stringWidth(char))
				expect.fail(`U+${code.toString(16).toUpperCase()}: ${charWidth(char)} columns, string-width says ${stringWidth(char)}`);
		}
		expect(standalone).toBeGreaterThan(2000);
		for (const piece of PIECES) for (const {segment} of new Intl.Segmenter().segment(piece)) expect(charWidth(segment)).toBe(stringWidth(segment));
	});

	it('measure the same as Ink', () => {
		fc.assert(
			fc.property(anyText, (text) => {
				expect(measureText(text)).toEqual(inkMeasureText(text));
			}),
			{numRuns: 500},
		);
	});

	it('wrap and truncate the same as Ink', () => {
		// 'hard' is not one of Ink 6.8's types (both pass the text through); an Ink that learns it must be matched here.
		const wrapTypes = ['wrap', 'hard', 'truncate', 'truncate-end', 'truncate-middle', 'truncate-start', 'end', 'middle'] as const;
		fc.assert(
			fc.property(anyText, fc.integer({min: 1, max: 30}), fc.constantFrom(...wrapTypes), (text, width, wrapType) => {
				const type = wrapType as Parameters<typeof wrapText>[2];
				expect(wrapText(text, width, type)).toEqual(type === 'wrap' ? withoutBreakSpaces(text, width) : inkWrapText(text, width, type));
			}),
			{numRuns: 500},
		);
	});
});

describe('frame compositor', () => {
	it('gives the same frame as Ink for random writes, styles, wide characters, clips and transformers', () => {
		fc.assert(
			fc.property(fc.integer({min: 0, max: 40}), fc.integer({min: 0, max: 10}), fc.array(operation, {maxLength: 12}), (width, height, operations) => {
				const size = {width, height};
				expect(play(new FrameOutput(size), operations)).toEqual(play(new InkOutput(size), operations));
			}),
			{numRuns: 2000},
		);
	});

	it('gives the same frame after a taller and wider frame (one grid serves every frame)', () => {
		const big: Op[] = [
			{type: 'write', x: -2, y: 0, text: 'x'.repeat(60), transformers: []},
			{type: 'write', x: 55, y: 25, text: chalk.red('tail'), transformers: []},
		];
		play(new FrameOutput({width: 50, height: 30}), big);
		const small: Op[] = [{type: 'write', x: 0, y: 3, text: 'a\nb\nc\nd', transformers: []}];
		expect(play(new FrameOutput({width: 10, height: 5}), small)).toEqual(play(new InkOutput({width: 10, height: 5}), small));
	});

	it('gives the same frame when the same lines come back in later frames (cached across frames)', () => {
		const rows = Array.from({length: 30}, (_, i) => (i % 3 === 0 ? chalk.inverse : chalk.cyan)(`row ${i} BTCUSDT 漢`));
		for (let frame = 0; frame < 5; frame++) {
			const ops: Op[] = rows.slice(frame, frame + 20).map((text, y) => ({type: 'write', x: frame, y, text, transformers: []}));
			expect(play(new FrameOutput({width: 50, height: 20}), ops)).toEqual(play(new InkOutput({width: 50, height: 20}), ops));
		}
	});

	it('draws a styled row over a blank frame the way a terminal expects', () => {
		const output = new FrameOutput({width: 12, height: 2});
		output.write(2, 1, chalk.bold('hi'), {transformers: []});
		expect(output.get()).toEqual({output: `\n  \u001B[1mhi\u001B[22m`, height: 2});
	});
});

describe('the Ink the tests run', () => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it("is the Ink that ships: Ink composes frames with our compositor (vitest.config.ts uses the build's replacements)", () => {
		const composed = vi.spyOn(FrameOutput.prototype, 'get');
		const instance = render(React.createElement(Text, null, 'BTCUSDT'));
		expect(instance.lastFrame()).toBe('BTCUSDT');
		expect(composed).toHaveBeenCalled();
		instance.unmount();
	});

	it('draws every wrap mode, "hard" included, as stock Ink would', () => {
		const text = 'Borrowed USDT against BTC, 30 days, pledging 0.25 BTC — 漢字 ✓';
		for (const wrap of ['wrap', 'hard', 'truncate', 'truncate-middle', 'truncate-start', 'end']) {
			const instance = render(React.createElement(Box, {width: 17}, React.createElement(Text, {wrap: wrap as 'wrap'}, text)));
			const lines = (instance.lastFrame() ?? '').split('\n').map((line) => line.trimEnd());
			const expected = (wrap === 'wrap' ? withoutBreakSpaces(text, 17) : inkWrapText(text, 17, wrap as 'wrap')).split('\n').map((line) => line.trimEnd());
			expect(lines).toEqual(expected);
			instance.unmount();
		}
	});
});

describe('wrapped rows', () => {
	it("start with their first word, not the space the wrap broke at; a line's own indentation stays", () => {
		expect(wrapText('hello world foo bar', 11, 'wrap')).toBe('hello world\nfoo bar');
		expect(wrapText('  LTV 75.73% / call 80.00% / liq 90.00%', 20, 'wrap').split('\n')).toEqual(['  LTV 75.73% / call ', '80.00% / liq 90.00%']);
		const instance = render(React.createElement(Box, {width: 12}, React.createElement(Text, {wrap: 'wrap'}, 'falls: 5.34% to call')));
		expect((instance.lastFrame() ?? '').split('\n').map((line) => line.trimEnd())).toEqual(['falls: 5.34%', 'to call']);
		instance.unmount();
	});
});
