// The chart view (ui/components/price-chart.tsx) drawn alone: the title, the marks' words and today's price on screen,
// the margin call in the theme's warning colour and the liquidation in its error colour; under NO_COLOR no colour at
// all, the words still saying which line is which.
import React from 'react';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {PriceChart} from '../../source/ui/components/price-chart.js';
import {makeTheme} from '../../source/ui/theme.js';
import {plain} from '../helpers/ink.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
const points = Array.from({length: 168}, (_, i) => ({ts: T0 + i * HOUR, price: 26_000 + 800 * Math.sin(i / 15)}));
const lines = [
	{label: 'margin call', price: 21_440, tone: 'warn' as const},
	{label: 'liquidation', price: 19_800, tone: 'bad' as const},
];
const RED = '\u001B[31m';

const draw = (noColor: boolean, width = 56, height = 12) =>
	render(
		<PriceChart
			points={points}
			lines={lines}
			now={{price: 26_100}}
			width={width}
			height={height}
			theme={makeTheme(noColor)}
			title="BTC in USDT, last 7 days"
			at={T0 + 168 * HOUR}
		/>,
	).lastFrame() ?? '';

describe('the price chart view', () => {
	it('shows the title, both marks with their prices, today and the x axis, in the space given', () => {
		const frame = plain(draw(true));
		const rows = frame.split('\n');
		expect(rows).toHaveLength(12);
		expect(rows[0]).toBe('BTC in USDT, last 7 days');
		expect(frame).toContain('margin call 21,440');
		expect(frame).toContain('liquidation 19,800');
		expect(frame).toContain('● 26,100');
		expect(rows.at(-1)).toMatch(/└─ 7 d ago ─+ now$/);
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(56);
	});

	it('colours the margin call as a warning and the liquidation as an error', () => {
		const frame = draw(false);
		const call = frame.split('\n').find((row) => row.includes('margin call'))!;
		const liquidation = frame.split('\n').find((row) => row.includes('liquidation'))!;
		// The line across the plot and its words, in one colour each.
		expect(call).toMatch(/\u001B\[33m─+ margin call 21,440/);
		expect(liquidation).toMatch(/\u001B\[31m─+ liquidation 19,800/);
		expect(call).not.toContain(RED);
	});

	it('under NO_COLOR draws no colour, only the words', () => {
		const frame = draw(true);
		expect(frame).not.toMatch(/\u001B\[3\dm/);
		expect(plain(frame)).toContain('margin call 21,440');
	});
});
