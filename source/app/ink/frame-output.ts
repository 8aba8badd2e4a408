// Ink's frame compositor (ink/build/output.js), rebuilt for speed; scripts/build.mjs puts it in Ink's place.
//
// Ink's own Output builds a width × height grid of cell objects for every frame, re-tokenises every line with
// Intl.Segmenter, and diffs the styles of neighbouring cells with fresh Sets: at 100×30 that is most of a
// keystroke's time and most of the garbage the app makes while you type. This one gives the same string
// (test/app/ink-replacements.test.ts checks it against Ink's on random frames) from two flat arrays per row, lines
// tokenised once and remembered across frames, styles interned to small numbers and the escape codes between
// two styles computed once.
import {ansiCodesToString, diffAnsiCodes, reduceAnsiCodesIncremental, styledCharsFromTokens, tokenize, type AnsiCode} from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import {FrameCache} from '../../format/frame-cache.js';
import {charWidth, isStandaloneGrapheme, lineWidth, sgrEnd, standaloneWidth, widestLine} from '../../format/text-width.js';

type Transformer = (line: string, index: number) => string;
interface Clip {
	x1: number | undefined;
	x2: number | undefined;
	y1: number | undefined;
	y2: number | undefined;
}
type Operation = {type: 'write'; x: number; y: number; text: string; transformers: Transformer[]} | {type: 'clip'; clip: Clip} | {type: 'unclip'};

/** A line split into cells: what each cell prints, its interned style and its width in columns. */
interface Glyphs {
	values: string[];
	styles: number[];
	widths: number[];
}

/** Style 0 is "no style". A style is the reduced list of codes a cell carries, as Ink's tokenizer gives it. */
const styleCodes: AnsiCode[][] = [[]];
const styleIds = new Map<string, number>([['', 0]]);
/** transitions[from][to]: the escape codes that take the terminal from one style to another. */
const transitions: string[][] = [];

function styleId(codes: AnsiCode[]): number {
	let key = '';
	for (const code of codes) key += `${code.code}\u0000${code.endCode}\u0000`;
	let id = styleIds.get(key);
	if (id === undefined) {
		id = styleCodes.length;
		styleCodes.push(codes);
		styleIds.set(key, id);
	}
	return id;
}

function transition(from: number, to: number): string {
	const row = (transitions[from] ??= []);
	return (row[to] ??= ansiCodesToString(diffAnsiCodes(styleCodes[from]!, styleCodes[to]!)));
}

const glyphCache = new FrameCache<Glyphs>(256);
const blockWidthCache = new FrameCache<number>(256);

function widestLineOf(text: string): number {
	return blockWidthCache.get(text, widestLine);
}

function glyphsOf(line: string): Glyphs {
	return glyphCache.get(line, (text) => simpleGlyphs(text) ?? tokenizedGlyphs(text));
}

/** Any line, through the tokenizer Ink uses (grapheme segmentation, every escape sequence it knows). */
function tokenizedGlyphs(line: string): Glyphs {
	const glyphs: Glyphs = {values: [], styles: [], widths: []};
	for (const char of styledCharsFromTokens(tokenize(line))) {
		glyphs.values.push(char.value);
		glyphs.styles.push(styleId(char.styles));
		glyphs.widths.push(Math.max(1, charWidth(char.value)));
	}
	return glyphs;
}

/** The app's own lines: SGR colours and characters that are each a grapheme of their own, read in one pass
 * with no objects per character. Anything else (links, other escapes, combining marks, surrogate pairs,
 * variation selectors) returns undefined and goes through the tokenizer. */
function simpleGlyphs(line: string): Glyphs | undefined {
	const glyphs: Glyphs = {values: [], styles: [], widths: []};
	let style = 0;
	for (let index = 0; index < line.length; index++) {
		const code = line.charCodeAt(index);
		if (code === 0x1b) {
			const end = sgrEnd(line, index);
			if (end === -1) return undefined;
			style = applySgr(style, line.slice(index, end + 1));
			index = end;
			continue;
		}
		const printable = code >= 0x20 && code < 0x7f;
		if (!printable && !isStandaloneGrapheme(code)) return undefined;
		const value = line[index]!;
		glyphs.values.push(value);
		glyphs.styles.push(style);
		glyphs.widths.push(printable ? 1 : Math.max(1, standaloneWidth(code)));
	}
	return glyphs;
}

/** The style after an SGR sequence, reduced exactly as Ink's tokenizer reduces it. */
const sgrSteps = new FrameCache<number>(1024);
function applySgr(style: number, sequence: string): number {
	return sgrSteps.get(`${style}\u0000${sequence}`, () => {
		const codes = tokenize(sequence).filter((token): token is AnsiCode => token.type === 'ansi');
		return styleId(reduceAnsiCodesIncremental(styleCodes[style]!, codes));
	});
}

export default class Output {
	width: number;
	height: number;
	private readonly operations: Operation[] = [];

	constructor(options: {width: number; height: number}) {
		this.width = options.width;
		this.height = options.height;
	}

	write(x: number, y: number, text: string, options: {transformers: Transformer[]}): void {
		if (!text) return;
		this.operations.push({type: 'write', x, y, text, transformers: options.transformers});
	}

	clip(clip: Clip): void {
		this.operations.push({type: 'clip', clip});
	}

	unclip(): void {
		this.operations.push({type: 'unclip'});
	}

	get(): {output: string; height: number} {
		const {values, styles} = blankGrid(this.width, this.height);
		const clips: Clip[] = [];
		for (const operation of this.operations) {
			if (operation.type === 'clip') {
				clips.push(operation.clip);
				continue;
			}
			if (operation.type === 'unclip') {
				clips.pop();
				continue;
			}
			const {text, transformers} = operation;
			let {x, y} = operation;
			let lines = text.split('\n');
			const clip = clips.at(-1);
			if (clip) {
				const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
				const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
				if (clipHorizontally && (x + widestLineOf(text) < clip.x1! || x > clip.x2!)) continue;
				if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) continue;
				if (clipHorizontally) {
					const from = x < clip.x1! ? clip.x1! - x : 0;
					lines = lines.map((line) => {
						const width = lineWidth(line);
						return sliceAnsi(line, from, x + width > clip.x2! ? clip.x2! - x : width);
					});
					if (x < clip.x1!) x = clip.x1!;
				}
				if (clipVertically) {
					const from = y < clip.y1! ? clip.y1! - y : 0;
					const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
					lines = lines.slice(from, to);
					if (y < clip.y1!) y = clip.y1!;
				}
			}
			let offsetY = 0;
			for (let index = 0; index < lines.length; index++) {
				const row = y + offsetY;
				// Above or below the frame (text taller than it): Ink drops the line, and everything after it.
				if (row < 0 || row >= this.height) continue;
				const rowValues = values[row]!;
				const rowStyles = styles[row]!;
				let line = lines[index]!;
				for (const transformer of transformers) line = transformer(line, index);
				const glyphs = glyphsOf(line);
				let offsetX = x;
				for (let cell = 0; cell < glyphs.values.length; cell++) {
					const style = glyphs.styles[cell]!;
					const width = glyphs.widths[cell]!;
					// Left of the frame: Ink's cells there never print.
					if (offsetX >= 0) {
						rowValues[offsetX] = glyphs.values[cell];
						rowStyles[offsetX] = style;
					}
					// A wide character covers the next cells; they print nothing but keep its style.
					for (let covered = 1; covered < width; covered++) {
						if (offsetX + covered < 0) continue;
						rowValues[offsetX + covered] = '';
						rowStyles[offsetX + covered] = style;
					}
					offsetX += width;
				}
				offsetY++;
			}
		}
		let output = '';
		for (let y = 0; y < this.height; y++) output += (y === 0 ? '' : '\n') + rowToString(values[y]!, styles[y]!);
		return {output, height: this.height};
	}
}

/** Per row: what each cell prints (a hole where nothing was written past the width) and its style. One grid,
 * reused by every frame: a frame is composed and turned into its string before the next one starts. */
const grid = {values: [] as Array<Array<string | undefined>>, styles: [] as number[][]};

function blankGrid(width: number, height: number) {
	for (let y = 0; y < height; y++) {
		const values = (grid.values[y] ??= []);
		const styles = (grid.styles[y] ??= []);
		values.length = width;
		styles.length = width;
		values.fill(' ');
		styles.fill(0);
	}
	return grid;
}

function rowToString(values: Array<string | undefined>, styles: number[]): string {
	let out = '';
	let previous = 0;
	let printed = false;
	for (let x = 0; x < values.length; x++) {
		const value = values[x];
		if (value === undefined) continue;
		const style = styles[x]!;
		if (style !== previous) out += transition(previous, style);
		out += value;
		previous = style;
		printed = true;
	}
	if (printed && previous !== 0) out += transition(previous, 0);
	return out.trimEnd();
}
