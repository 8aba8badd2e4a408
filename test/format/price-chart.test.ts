// The price chart's lines (format/price-chart.ts), read by position: which row a mark is on, where today's marker is,
// that every line fits its width, that a spike between columns stays; no whole-frame snapshots.
import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {chartPoints, priceChart, type ChartMark, type ChartPoint, type PriceChart} from '../../source/format/price-chart.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
const BRAILLE = /[\u2801-\u28FF]/;

/** `count` hourly points from `from` to `to` in a straight line. */
function line(count: number, from: number, to: number): ChartPoint[] {
	return Array.from({length: count}, (_, i) => ({ts: T0 + i * HOUR, price: from + ((to - from) * i) / Math.max(1, count - 1)}));
}

/** The plot cells of a line (the part between the y axis and the margin; lines end at their last mark, so padded). */
function plotOf(chart: PriceChart, index: number): string {
	return [...chart.lines[index]!]
		.slice(chart.plot.left, chart.plot.left + chart.plot.columns)
		.join('')
		.padEnd(chart.plot.columns);
}

const marks: ChartMark[] = [
	{label: 'margin call', price: 150, tone: 'warn'},
	{label: 'liquidation', price: 120, tone: 'bad'},
];

describe('priceChart: rows', () => {
	// Path 200 → 100, marks inside it: the scale is 100..200 padded 5 each side, 95..205, over 11 rows (12 lines less the
	// x axis): a band of 10. Row r holds (205 − 10(r+1), 205 − 10r]: 150 → floor(55/10) = 5, 120 → floor(85/10) = 8,
	// today's 101 → floor(104/10) = 10, the path's first point 200 → row 0.
	const chart = priceChart({points: line(48, 200, 100), lines: marks, now: {price: 101}, width: 60, height: 12});

	it('draws each mark on the row whose band holds its price, with its words and price', () => {
		expect(chart.lines).toHaveLength(12);
		expect(chart.marks.map((mark) => mark.line)).toEqual([5, 8]);
		expect(chart.lines[5]).toContain('─ margin call 150');
		expect(chart.lines[8]).toContain('─ liquidation 120');
		// The line runs across the plot where the path is not.
		expect(plotOf(chart, 8)).toMatch(/^─+/);
		expect(chart.lines.filter((text) => text.includes('margin call'))).toHaveLength(1);
	});

	it('labels the y axis with the middle of the rows it marks (rows 0, 3, 6 and the last)', () => {
		expect(chart.lines[0]).toMatch(/^200 ┤/);
		expect(chart.lines[3]).toMatch(/^170 ┤/);
		expect(chart.lines[6]).toMatch(/^140 ┤/);
		expect(chart.lines[10]).toMatch(/^100 ┤/);
		expect(chart.lines[1]).toMatch(/^ {4}│/);
	});

	it("marks today's price just right of the plot's last column, on its row; the path ends in that column", () => {
		expect(chart.now).toEqual({line: 10, column: chart.plot.left + chart.plot.columns});
		expect([...chart.lines[10]!][chart.now!.column]).toBe('●');
		expect(chart.lines[10]).toContain('● 101');
		// The last point (100, row 10) is in the plot's last cell; the first (200) in its first, on row 0.
		expect(plotOf(chart, 10).at(-1)).toMatch(BRAILLE);
		expect(plotOf(chart, 0)[0]).toMatch(BRAILLE);
	});

	it('ends with the x axis: the span it covers and now', () => {
		expect(chart.axis).toBe(11);
		expect(chart.lines[11]).toMatch(/^ {4}└─ 1 d 23 h ago ─+ now$/);
		const labelled = priceChart({points: line(48, 200, 100), lines: [], width: 60, height: 12, at: T0 + 48 * HOUR, startLabel: '2 d ago'});
		expect(labelled.lines[11]).toMatch(/└─ 2 d ago ─+ now$/);
	});
});

describe('priceChart: fits', () => {
	const points = Array.from({length: 24 * 30}, (_, i) => ({ts: T0 + i * HOUR, price: 26_800 * (1 + 0.05 * Math.sin(i / 20)) + (i % 7) * 13}));
	const loanMarks: ChartMark[] = [
		{label: 'margin call', short: 'call', price: 21_440, tone: 'warn'},
		{label: 'liquidation', short: 'liq.', price: 19_800, tone: 'bad'},
	];
	// The terminal sizes, the detail's space in them (width − 4 × height − 10) and tiny plots.
	const sizes: Array<[number, number]> = [
		[60, 16],
		[120, 30],
		[200, 50],
		[56, 6],
		[116, 20],
		[196, 40],
		[60, 9],
		[30, 4],
		[12, 3],
		[5, 2],
		[1, 1],
		[0, 0],
	];

	it.each(sizes)('at %i×%i: exactly height lines, none wider than width', (width, height) => {
		const chart = priceChart({points, lines: loanMarks, now: {price: 26_900}, width, height});
		expect(chart.lines).toHaveLength(height);
		for (const text of chart.lines) expect(stringWidth(text)).toBeLessThanOrEqual(width);
	});

	it('keeps both marks and today on screen from 60×9 up', () => {
		for (const [width, height] of sizes.filter(([w, h]) => w >= 56 && h >= 6)) {
			const chart = priceChart({points, lines: loanMarks, now: {price: 26_900}, width, height});
			expect(chart.lines.join('\n')).toMatch(/(margin call|call) 21,440/);
			expect(chart.lines.join('\n')).toMatch(/(liquidation|liq\.) 19,800/);
			expect(chart.lines.join('\n')).toContain('● 26,900');
		}
	});

	it('any path, marks and size: height lines within width', () => {
		const price = fc.double({min: 1e-6, max: 1e9, noNaN: true});
		fc.assert(
			fc.property(
				fc.array(price, {maxLength: 300}),
				fc.array(price, {maxLength: 3}),
				fc.option(price, {nil: undefined}),
				fc.integer({min: 0, max: 220}),
				fc.integer({min: 0, max: 60}),
				(prices, markPrices, today, width, height) => {
					const chart = priceChart({
						points: prices.map((p, i) => ({ts: T0 + i * HOUR, price: p})),
						lines: markPrices.map((p, i) => ({label: i === 0 ? 'margin call' : 'liquidation', price: p})),
						...(today === undefined ? {} : {now: {price: today}}),
						width,
						height,
					});
					expect(chart.lines).toHaveLength(height);
					for (const text of chart.lines) expect(stringWidth(text)).toBeLessThanOrEqual(width);
				},
			),
			{numRuns: 200},
		);
	});
});

describe('priceChart: the path', () => {
	it('keeps a spike that falls between columns (the highest and lowest price of each column)', () => {
		// 1000 points at 100, one at 150, in 20 columns: 50 points a column. The scale 97.5..152.5 over 10 rows puts 150
		// on row 0 (floor(2.5 / 5.5)) and 100 on row 9.
		const points = Array.from({length: 1000}, (_, i) => ({ts: T0 + i * HOUR, price: i === 513 ? 150 : 100}));
		const chart = priceChart({points, lines: [], width: 25, height: 11});
		expect(chart.plot.columns).toBe(20);
		expect(plotOf(chart, 0)).toMatch(BRAILLE);
		expect([...plotOf(chart, 0)].filter((cell) => BRAILLE.test(cell))).toHaveLength(1);
		expect(plotOf(chart, 9)).toMatch(/^[\u2801-\u28FF]+$/);
	});

	it('draws a flat series as one row in the middle', () => {
		const chart = priceChart({points: line(100, 100, 100), lines: [], width: 40, height: 10});
		const withDots = chart.lines.slice(0, 9).map((_, i) => BRAILLE.test(plotOf(chart, i)));
		expect(withDots).toEqual([false, false, false, false, true, false, false, false, false]);
		// The axis reads prices to the decimals that tell its rows apart, all within the padding of 100.
		const labels = chart.lines.slice(0, 9).flatMap((text) => text.match(/^ *([\d.]+) ┤/)?.[1] ?? []);
		expect(labels.length).toBeGreaterThanOrEqual(3);
		for (const label of labels) expect(Math.abs(Number(label) - 100)).toBeLessThan(0.12);
		expect(new Set(labels).size).toBe(labels.length);
	});

	it('stretches fewer points than columns into a line through every column', () => {
		const chart = priceChart({points: line(2, 100, 200), lines: [], width: 60, height: 12});
		for (let column = 0; column < chart.plot.columns; column++) {
			expect(chart.lines.slice(0, 11).some((_, row) => BRAILLE.test(plotOf(chart, row)[column]!))).toBe(true);
		}
	});

	it('leaves a hole where points are missing instead of drawing across it', () => {
		// Hours 0..9 and 30..39 of 40: the columns of hours 12..27 stay empty; missing prices (NaN, 0) count as missing.
		const points = line(40, 100, 140).map((point, i) => (i >= 10 && i < 30 ? {...point, price: i % 2 === 0 ? Number.NaN : 0} : point));
		const chart = priceChart({points, lines: [], width: 45, height: 12});
		const columnOf = (hour: number) => Math.floor(Math.round((hour / 39) * (2 * chart.plot.columns - 1)) / 2);
		for (let column = columnOf(12); column <= columnOf(27); column++) {
			expect(chart.lines.slice(0, 11).every((_, row) => plotOf(chart, row)[column] === ' ')).toBe(true);
		}
	});

	it('reads a series from its candles from a time on (their closes)', () => {
		const candles = [0, 1, 2, 3].map((i) => ({ts: T0 + i * HOUR, close: 10 + i, low: 9, high: 20}));
		expect(chartPoints(candles, T0 + 2 * HOUR)).toEqual([
			{ts: T0 + 2 * HOUR, price: 12},
			{ts: T0 + 3 * HOUR, price: 13},
		]);
	});
});

describe('priceChart: marks', () => {
	it('merges two marks on one row: one line, both words', () => {
		const same = priceChart({
			points: line(48, 200, 100),
			lines: [
				{label: 'margin call', price: 150},
				{label: 'liquidation', price: 150.001},
			],
			width: 80,
			height: 12,
		});
		expect(same.marks.map((mark) => mark.line)).toEqual([5, 5]);
		expect(same.lines[5]).toContain('─ margin call, liquidation 150');
		const near = priceChart({
			points: line(48, 200, 100),
			lines: [
				{label: 'margin call', price: 152},
				{label: 'liquidation', price: 148},
			],
			width: 80,
			height: 12,
		});
		expect(near.lines[5]).toContain('─ margin call 152 · liquidation 148');
	});

	it("puts today's price first when it is on a mark's row (the margin call reached)", () => {
		const chart = priceChart({points: line(48, 200, 100), lines: marks, now: {price: 149}, width: 80, height: 12});
		expect(chart.now?.line).toBe(5);
		expect(chart.lines[5]).toContain('● 149 · margin call 150');
	});

	it('shortens the words, never the prices, when the margin is narrow', () => {
		const lines: ChartMark[] = [
			{label: 'margin call', short: 'call', price: 21_440},
			{label: 'liquidation', short: 'liq.', price: 21_430},
		];
		const chart = priceChart({points: line(48, 27_000, 25_000), lines, width: 60, height: 10});
		const row = chart.lines[chart.marks[0]!.line]!;
		expect(row).toContain('21,440');
		expect(row).toContain('21,430');
	});

	it('shows a far liquidation below a break, the path keeping most rows', () => {
		// A quiet week around 100 and a liquidation at 20: linear, the path would take 3% of the rows.
		const chart = priceChart({points: line(100, 99, 101), lines: [{label: 'liquidation', price: 20, tone: 'bad'}], now: {price: 100}, width: 60, height: 16});
		expect(chart.breaks).toHaveLength(1);
		const [cut] = chart.breaks;
		expect(chart.lines[cut!]).toMatch(/^ +≈$/);
		expect(chart.marks[0]!.line).toBeGreaterThan(cut!);
		expect(chart.lines[chart.marks[0]!.line]).toContain('liquidation 20');
		const rowsWithPath = chart.lines.slice(0, cut).filter((_, row) => BRAILLE.test(plotOf(chart, row))).length;
		expect(rowsWithPath).toBeGreaterThanOrEqual(8);
		// The same at 5 plot rows stays linear, with nothing lost.
		const small = priceChart({points: line(100, 99, 101), lines: [{label: 'liquidation', price: 20}], width: 60, height: 6});
		expect(small.breaks).toEqual([]);
		expect(small.lines.join('\n')).toContain('liquidation 20');
	});

	it('keeps a near margin call on the linear scale (no break)', () => {
		const chart = priceChart({points: line(100, 95, 105), lines: [{label: 'margin call', price: 85}], width: 60, height: 16});
		expect(chart.breaks).toEqual([]);
	});
});
