// A pair's price path as terminal lines: the path in braille dots (2×4 per cell), the margin-call and liquidation
// prices as labelled horizontal lines, today's price marked at the right edge, a y axis with a few prices and an x axis
// with the span it covers. Our own and not a library's: asciichart draws one column per value and no labelled lines,
// simple-ascii-chart's thresholds carry no label and sit where its own scale rounds them, and drawille is a bare
// canvas; a mark must sit on exactly the row whose price band holds it, with its words beside it, in any space the
// detail has (60×16 to 200×50). Prices here are statistics (numbers), only shown, never sent.
//
// Rows: row 0 is the top. A scale segment from `hi` down to `lo` over `rows` rows gives each row the band
// h = (hi − lo) / rows; row r of the segment holds the prices in (hi − (r+1)·h, hi − r·h] (its last row also holds
// `lo`). A price's row is floor((hi − price) / h); its dot within the row (0..3, top first) splits that band in four
// the same way. A mark is drawn on its price's row: the row whose band contains it.
//
// A far mark: the scale is linear over the path, today's price and every mark, padded 5% each side, while that leaves
// the path at least a quarter of the rows. A mark further away (a liquidation 60% below a quiet week) would squash the
// path to a flat line, so it moves below (or above) a break: one row marked "≈" on the axis, then a short segment of its
// own (one or two rows) where it keeps its labelled line. Distances across a break are not to scale: the labels carry
// the prices. Plots of fewer than 6 rows stay linear.
import Big from 'big.js';
import type {PricePoint} from '../loans/price-series.js';
import {fitNumber} from './fit.js';
import {groupThousands} from './money.js';
import {span} from './time.js';

export interface ChartPoint {
	/** Epoch ms. */
	ts: number;
	/** Above 0; anything else (NaN, 0, negative) counts as a missing point. */
	price: number;
}

export interface ChartMark {
	/** Words that say which line it is ("margin call", "liquidation"): colour never says it alone. */
	label: string;
	/** Shorter words for a narrow margin ("call", "liq."); the label is cut instead when there are none. */
	short?: string;
	price: number;
	/** How the view colours it: 'warn' (the margin call), 'bad' (the liquidation). */
	tone?: 'warn' | 'bad';
}

export interface PriceChartInput {
	/** The path, any order; missing points leave a gap when the hole is wider than 3 usual steps, else are bridged. */
	points: readonly ChartPoint[];
	/** Horizontal lines (margin call, liquidation): the y range always includes them. */
	lines: readonly ChartMark[];
	/** Today's price: marked "● 26,800" just right of the plot, on its row. */
	now?: {price: number};
	/** Columns and lines the chart may take (every line is at most `width` columns; exactly `height` lines). */
	width: number;
	height: number;
	/** The right edge's time (epoch ms; default the last point's): the x axis runs from the first point to it. */
	at?: number;
	/** The x axis's words at its ends; default "<span> ago" (format/time.ts span) and "now". */
	startLabel?: string;
	endLabel?: string;
}

/** A mark as drawn: `line` is the index into PriceChart.lines of its row; marks on one row share one label. */
interface DrawnMark extends ChartMark {
	line: number;
}

export interface PriceChart {
	/** `height` strings, each at most `width` columns (every character is one column wide). */
	lines: string[];
	/** Where the plot is: its first line (row 0), its rows, its first column and its columns (cells of 2×4 dots). */
	plot: {top: number; rows: number; left: number; columns: number};
	/** Every mark with the line it is drawn on. */
	marks: DrawnMark[];
	/** Today's marker: its line and column (the first column right of the plot). */
	now?: {line: number; column: number};
	/** Lines where the scale is broken ("≈" on the axis). */
	breaks: number[];
	/** The x axis's line (the last one), when there is room for it. */
	axis?: number;
}

const BRAILLE = 0x2800;
// Braille dot bits by [column][dot row] within a cell (U+2800 block: dots 1-2-3-7 left, 4-5-6-8 right).
const DOT_BITS = [
	[0x01, 0x02, 0x04, 0x40],
	[0x08, 0x10, 0x20, 0x80],
];
const PAD = 0.05;
/** The least span a scale has, as a fraction of its price (a flat series still gets a few rows around it). */
const MIN_SPAN = 0.002;
/** The path keeps at least this share of the rows before a far mark moves past a break. */
const PATH_SHARE = 0.25;
const MIN_ROWS_FOR_BREAK = 6;
/** A hole between points wider than this many usual steps is left open (no line is drawn across missing data). */
const GAP_STEPS = 3;

/** The candles of a PriceSeries (loans/price-series.ts) from `since` (epoch ms) on, as chart points (their closes). */
export function chartPoints(candles: readonly PricePoint[], since: number): ChartPoint[] {
	return candles.filter((candle) => candle.ts >= since).map((candle) => ({ts: candle.ts, price: candle.close}));
}

interface Segment {
	hi: number;
	lo: number;
	rows: number;
	/** The plot row of its first row. */
	top: number;
}

export function priceChart(input: PriceChartInput): PriceChart {
	const width = Math.max(0, Math.floor(input.width));
	const height = Math.max(0, Math.floor(input.height));
	const points = input.points.filter((p) => Number.isFinite(p.ts) && Number.isFinite(p.price) && p.price > 0).sort((a, b) => a.ts - b.ts);
	const marks = input.lines.filter((mark) => Number.isFinite(mark.price) && mark.price > 0);
	const now = input.now !== undefined && Number.isFinite(input.now.price) && input.now.price > 0 ? input.now : undefined;
	const axis = height >= 2 ? height - 1 : undefined;
	const rows = axis ?? height;
	if (width === 0 || rows === 0) return {lines: Array.from({length: height}, () => ''), plot: {top: 0, rows, left: 0, columns: 0}, marks: [], breaks: []};

	const segments = scale(points, marks, now, rows);
	const rowOf = (price: number) => locate(segments, price).row;
	const breaks = segments.slice(1).map((segment) => segment.top - 1);

	// The y axis: a few rows labelled with their band's middle price, to the decimals that tell rows apart.
	const labels = new Map<number, string>();
	for (const segment of segments) {
		const h = (segment.hi - segment.lo) / segment.rows;
		const decimals = Math.min(8, Math.max(0, -Math.floor(Math.log10(h))));
		for (const r of labelRows(segment.rows)) labels.set(segment.top + r, grouped(segment.hi - (r + 0.5) * h, decimals));
	}
	const labelWidth = Math.max(0, ...[...labels.values()].map((label) => label.length));
	const gutter = labelWidth + 2;

	// The right margin: each mark row's words, today's price.
	const drawn = marks.map((mark) => ({...mark, line: rowOf(mark.price)}));
	const nowRow = now === undefined ? undefined : rowOf(now.price);
	const margins = new Map<number, MarginText>();
	for (const row of new Set([...drawn.map((mark) => mark.line), ...(nowRow === undefined ? [] : [nowRow])])) {
		margins.set(
			row,
			marginText(
				row === nowRow ? now : undefined,
				drawn.filter((mark) => mark.line === row),
			),
		);
	}
	const wanted = Math.max(0, ...[...margins.values()].map((text) => fullMargin(text).length));
	const margin = Math.max(0, Math.min(wanted, Math.max(10, Math.floor((width - gutter) / 2)), width - gutter - 1));
	const columns = Math.max(1, width - gutter - margin);

	const cells = plotCells(points, segments, rows, columns, input.at);
	const markRows = new Set(drawn.map((mark) => mark.line));
	const lines: string[] = [];
	for (let row = 0; row < rows; row++) {
		const isBreak = breaks.includes(row);
		const axisChar = isBreak ? '≈' : labels.has(row) ? '┤' : '│';
		const plot = cells[row]!.map((bits) => (bits !== 0 ? String.fromCodePoint(BRAILLE + bits) : markRows.has(row) ? '─' : ' ')).join('');
		const text = margins.get(row);
		lines.push(`${(labels.get(row) ?? '').padStart(labelWidth)} ${axisChar}${plot}${text === undefined ? '' : fitMargin(text, margin)}`.trimEnd());
	}
	if (axis !== undefined) lines.push(`${' '.repeat(labelWidth + 1)}└${xAxis(points, columns, input)}`);

	return {
		lines: lines.map((line) => cut(line, width)),
		plot: {top: 0, rows, left: gutter, columns},
		marks: drawn,
		...(nowRow === undefined || gutter + columns >= width ? {} : {now: {line: nowRow, column: gutter + columns}}),
		breaks,
		...(axis === undefined ? {} : {axis}),
	};
}

/** The scale's segments, top first: one linear segment, or the path's with far marks past a break above or below. */
function scale(points: readonly ChartPoint[], marks: readonly ChartMark[], now: {price: number} | undefined, rows: number): Segment[] {
	const path = [...points.map((p) => p.price), ...(now === undefined ? [] : [now.price])];
	const all = [...path, ...marks.map((mark) => mark.price)];
	if (all.length === 0) return [{...padded(1, 1), rows, top: 0}];
	const [lo, hi] = [Math.min(...all), Math.max(...all)];
	if (path.length === 0 || rows < MIN_ROWS_FOR_BREAK) return [{...padded(lo, hi), rows, top: 0}];

	// Marks join the path's segment nearest first while the path keeps its share of the rows.
	let [mainLo, mainHi] = [Math.min(...path), Math.max(...path)];
	const pathSpan = Math.max(mainHi - mainLo, mainHi * MIN_SPAN);
	const far: number[] = [];
	const distance = (price: number) => Math.max(mainLo - price, price - mainHi, 0);
	for (const price of marks.map((mark) => mark.price).sort((a, b) => distance(a) - distance(b))) {
		const [nextLo, nextHi] = [Math.min(mainLo, price), Math.max(mainHi, price)];
		if (far.length === 0 && pathSpan >= PATH_SHARE * (nextHi - nextLo)) [mainLo, mainHi] = [nextLo, nextHi];
		else far.push(price);
	}
	const below = far.filter((price) => price < mainLo);
	const above = far.filter((price) => price > mainHi);
	const sideRows = (prices: number[]) => Math.min(2, new Set(prices).size);
	const [upper, lower] = [sideRows(above), sideRows(below)];
	const mainRows = rows - upper - lower - (upper > 0 ? 1 : 0) - (lower > 0 ? 1 : 0);
	if (far.length === 0 || mainRows < Math.ceil(rows / 2)) return [{...padded(lo, hi), rows, top: 0}];

	const segments: Segment[] = [];
	let top = 0;
	for (const [prices, count] of [
		[above, upper],
		[[mainLo, mainHi], mainRows],
		[below, lower],
	] as const) {
		if (count === 0) continue;
		segments.push({...padded(Math.min(...prices), Math.max(...prices)), rows: count, top});
		top += count + 1;
	}
	return segments;
}

/** [lo, hi] widened by 5% each side (a flat one by 0.2% of its price), never below 0. */
function padded(lo: number, hi: number): {lo: number; hi: number} {
	const spanned = Math.max(hi - lo, hi * MIN_SPAN);
	const pad = hi - lo < hi * MIN_SPAN ? (spanned - (hi - lo)) / 2 + spanned * PAD : spanned * PAD;
	return {lo: Math.max(0, lo - pad), hi: hi + pad};
}

/** A price's plot row and dot row (0..4·rows−1): in the segment that holds it (the nearest one otherwise). */
function locate(segments: readonly Segment[], price: number): {row: number; dot: number} {
	const segment =
		segments.find((s) => price >= s.lo && price <= s.hi) ??
		segments.reduce((best, s) =>
			Math.min(Math.abs(price - s.lo), Math.abs(price - s.hi)) < Math.min(Math.abs(price - best.lo), Math.abs(price - best.hi)) ? s : best,
		);
	const bands = ((segment.hi - price) / (segment.hi - segment.lo)) * segment.rows;
	const row = Math.min(segment.rows - 1, Math.max(0, Math.floor(bands)));
	const dot = Math.min(3, Math.max(0, Math.floor((bands - row) * 4)));
	return {row: segment.top + row, dot: 4 * (segment.top + row) + dot};
}

/** Which rows of a segment carry a price: the first, the last, and every third or so between, never two adjacent. */
function labelRows(rows: number): number[] {
	const step = Math.max(3, Math.ceil(rows / 5));
	const picked: number[] = [];
	for (let r = 0; r < rows - 2; r += step) picked.push(r);
	picked.push(rows - 1);
	return picked;
}

/** The braille bits of every cell: per dot column, the lowest and highest price that falls in it (a spike stays), and
 * a line from one point to the next across the columns between (fewer points than columns), unless the hole is wide. */
function plotCells(points: readonly ChartPoint[], segments: readonly Segment[], rows: number, columns: number, at: number | undefined): number[][] {
	const cells = Array.from({length: rows}, () => new Array<number>(columns).fill(0));
	if (points.length === 0) return cells;
	const dotColumns = 2 * columns;
	const [start, end] = [points[0]!.ts, Math.max(at ?? points.at(-1)!.ts, points.at(-1)!.ts)];
	const xOf = (ts: number) => (end === start ? dotColumns - 1 : Math.round(((ts - start) / (end - start)) * (dotColumns - 1)));
	const set = (x: number, y: number) => {
		cells[Math.floor(y / 4)]![Math.floor(x / 2)]! |= DOT_BITS[x % 2]![y % 4]!;
	};
	const fill = (x: number, from: number, to: number) => {
		for (let y = Math.min(from, to); y <= Math.max(from, to); y++) set(x, y);
	};
	const steps = points.slice(1).map((p, i) => p.ts - points[i]!.ts);
	const usual = steps.length >= 2 ? [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]! : Infinity;

	let previous: {x: number; y: number; ts: number} | undefined;
	for (const point of points) {
		const x = xOf(point.ts);
		const y = locate(segments, point.price).dot;
		if (previous === undefined || point.ts - previous.ts > GAP_STEPS * usual) fill(x, y, y);
		else if (x === previous.x) fill(x, previous.y, y);
		else {
			// Each column from the previous point's to this one's takes the slice of the line that crosses it.
			let last = previous.y;
			for (let column = previous.x + 1; column <= x; column++) {
				const next = Math.round(previous.y + ((y - previous.y) * (column - previous.x)) / (x - previous.x));
				fill(column, last === next ? next : last + Math.sign(next - last), next);
				last = next;
			}
		}
		previous = {x, y, ts: point.ts};
	}
	return cells;
}

interface MarginText {
	lead: '●' | '─';
	parts: Array<{label?: string; short?: string; price: string}>;
}

/** A row's words: "● 26,800" for today's price, then its marks, those that read the same price merged
 * ("margin call, liquidation 21,440"), others after a "·". */
function marginText(now: {price: number} | undefined, marks: readonly ChartMark[]): MarginText {
	const parts: MarginText['parts'] = now === undefined ? [] : [{price: significant(now.price)}];
	const byPrice = new Map<string, ChartMark[]>();
	for (const mark of marks) byPrice.set(significant(mark.price), [...(byPrice.get(significant(mark.price)) ?? []), mark]);
	for (const [price, same] of byPrice) {
		parts.push({label: same.map((mark) => mark.label).join(', '), short: same.map((mark) => mark.short ?? mark.label).join(', '), price});
	}
	return {lead: now === undefined ? '─' : '●', parts};
}

function fullMargin({lead, parts}: MarginText): string {
	return `${lead} ${parts.map(({label, price}) => (label === undefined ? price : `${label} ${price}`)).join(' · ')}`;
}

/** The row's words in `width` columns: the short labels, else labels cut ("margin c… 21,440") before a price is, and a
 * price never to a prefix. */
function fitMargin(text: MarginText, width: number): string {
	const full = fullMargin(text);
	if (full.length <= width) return full;
	const shortParts = text.parts.map(({short, label, price}) => ({price, ...(label === undefined ? {} : {label: short ?? label})}));
	const short = fullMargin({lead: text.lead, parts: shortParts});
	if (short.length <= width) return short;
	// Each label gets an equal share of what the prices leave, cut with "…" (none at all below two columns).
	const labelled = shortParts.filter((part) => part.label !== undefined).length;
	const share = Math.floor((width - (short.length - shortParts.reduce((sum, part) => sum + (part.label?.length ?? 0), 0))) / Math.max(1, labelled));
	const cutParts = shortParts.map(({label, price}) => ({
		price,
		...(label === undefined || share < 2 ? {} : {label: label.length <= share ? label : `${label.slice(0, share - 1)}…`}),
	}));
	const cutText = fullMargin({lead: text.lead, parts: cutParts});
	if (cutText.length <= width) return cutText;
	return width >= 3 ? `${text.lead} ${fitNumber(text.parts[0]!.price, width - 2)}`.slice(0, width) : text.lead.slice(0, width);
}

/** The x axis under the plot: "─ 7 d ago ──────── now", or as much of it as fits. */
function xAxis(points: readonly ChartPoint[], columns: number, input: PriceChartInput): string {
	if (points.length === 0) return '─'.repeat(columns);
	const last = Math.max(input.at ?? points.at(-1)!.ts, points.at(-1)!.ts);
	const start = `─ ${input.startLabel ?? `${span(last - points[0]!.ts)} ago`} `;
	const end = ` ${input.endLabel ?? 'now'}`;
	if (start.length + end.length + 1 <= columns) return `${start}${'─'.repeat(columns - start.length - end.length)}${end}`;
	if (end.length + 1 <= columns) return `${'─'.repeat(columns - end.length)}${end}`;
	return '─'.repeat(columns);
}

/** A price to 5 significant digits, thousands grouped, without trailing fraction zeros: "26,800", "9,440",
 * "0.051866". */
function significant(price: number): string {
	const text = grouped(price, Math.min(12, Math.max(0, 4 - Math.floor(Math.log10(price)))));
	return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function grouped(value: number, decimals: number): string {
	return groupThousands(new Big(value).toFixed(decimals, Big.roundHalfUp));
}

/** The first `width` characters (each is one column here: braille, box drawing, digits, the label's words). */
function cut(line: string, width: number): string {
	const chars = [...line];
	return chars.length <= width ? line : chars.slice(0, width).join('');
}
