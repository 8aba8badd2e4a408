// A pair's price chart (format/price-chart.ts) in colour: the margin-call line in the theme's warning colour, the
// liquidation in its error colour, today's marker in the accent, the axes muted. The words on each line say which it
// is, so under NO_COLOR (a theme without colours, ui/theme.ts) nothing is lost.
import React from 'react';
import {Box, Text} from 'ink';
import {priceChart, type ChartMark, type ChartPoint, type PriceChart as Chart} from '../../format/price-chart.js';
import type {Theme} from '../theme.js';

interface Props {
	points: readonly ChartPoint[];
	/** The margin call (tone 'warn') and the liquidation (tone 'bad'). */
	lines: readonly ChartMark[];
	now?: {price: number};
	/** The space it takes, the title's line included. */
	width: number;
	height: number;
	theme: Theme;
	/** A line above the chart, e.g. "BTC in USDT, last 7 days". */
	title?: string;
	/** The right edge's time (epoch ms); default the last point's. */
	at?: number;
}

export function PriceChart({points, lines, now, width, height, theme, title, at}: Props) {
	const chart = priceChart({
		points,
		lines,
		...(now === undefined ? {} : {now}),
		...(at === undefined ? {} : {at}),
		width,
		height: title === undefined ? height : height - 1,
	});
	return (
		<Box flexDirection="column">
			{title === undefined || height < 1 ? null : (
				<Text bold wrap="truncate">
					{title.slice(0, width)}
				</Text>
			)}
			{chart.lines.map((line, i) => (
				<Text key={i} wrap="truncate">
					{runs(chart, i, line, theme).map((run, j) => (
						<Text key={j} color={run.color} bold={run.bold}>
							{run.text}
						</Text>
					))}
				</Text>
			))}
		</Box>
	);
}

interface Run {
	text: string;
	color?: string;
	bold?: boolean;
}

/** One line cut into its coloured runs: the gutter, the plot (a mark's line in its tone, the path as it is), the margin. */
function runs(chart: Chart, index: number, line: string, theme: Theme): Run[] {
	const chars = [...line];
	const {left, columns} = chart.plot;
	if (index === chart.axis) return [{text: line, color: theme.muted}];
	const marks = chart.marks.filter((mark) => mark.line === index);
	const tone = marks.some((mark) => mark.tone === 'bad') ? theme.bad : marks.some((mark) => mark.tone === 'warn') ? theme.warn : undefined;
	const out: Run[] = [{text: chars.slice(0, left).join(''), color: theme.muted}];
	let run: Run | undefined;
	for (const char of chars.slice(left, left + columns)) {
		const color = char === '─' ? tone : undefined;
		if (run !== undefined && run.color === color) run.text += char;
		else out.push((run = {text: char, ...(color === undefined ? {} : {color})}));
	}
	const margin = chars.slice(left + columns).join('');
	if (margin === '') return out;
	if (chart.now?.line === index) {
		// "● 26,800" in the accent, then any mark's words on the same row in its tone.
		const [marker, ...rest] = margin.split(' · ');
		out.push({text: marker!, ...(theme.accent === undefined ? {} : {color: theme.accent}), bold: true});
		if (rest.length > 0) out.push({text: ` · ${rest.join(' · ')}`, ...(tone === undefined ? {} : {color: tone})});
	} else out.push({text: margin, ...(tone === undefined ? {} : {color: tone})});
	return out;
}
