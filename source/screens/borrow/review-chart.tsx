// The review's chart (g): the pair's hourly closes over the last 7 or 30 days (ui/components/price-chart.tsx) with the
// margin-call and liquidation prices this loan would start with as labelled lines and today's price marked; while the
// history is read, when there is none, or when it could not be read, a line says so instead (never a guess).
import React from 'react';
import {Box, Text} from 'ink';
import {chartPoints, type ChartMark} from '../../format/price-chart.js';
import {NO_HISTORY} from '../../format/chance-words.js';
import {sanitize} from '../../format/sanitize.js';
import {READING_HISTORY} from '../../operations/borrow-chance.js';
import type {PriceHistory} from '../../operations/price-history.js';
import {PriceChart} from '../../ui/components/price-chart.js';
import type {Theme} from '../../ui/theme.js';
import type {BorrowFigures} from '../../format/borrow-figures.js';
import type {ChartDays} from './use-borrow.js';

const DAY_MS = 86_400_000;

interface Props {
	pair: {base: string; quote: string};
	history: PriceHistory | undefined;
	/** Today's price, when known. */
	price?: string;
	/** The loan's marks, when known (the review's figures). */
	marks?: BorrowFigures['marks'];
	days: ChartDays;
	/** Server time, epoch ms: the chart's right edge. */
	now: number;
	width: number;
	height: number;
	theme: Theme;
}

export function ReviewChart({pair, history, price, marks, days, now, width, height, theme}: Props) {
	const title = `${sanitize(pair.base)} in ${sanitize(pair.quote)}, last ${days} days`;
	if (history?.status !== 'ok') {
		const why =
			history === undefined
				? READING_HISTORY
				: history.status === 'no history'
					? `${NO_HISTORY} (${sanitize(history.reason)})`
					: `price history unavailable: ${sanitize(history.problem)}`;
		return (
			<Box flexDirection="column">
				<Text bold wrap="truncate">
					{title}
				</Text>
				<Text wrap="wrap" color={history === undefined ? undefined : theme.warn}>
					{why}
				</Text>
			</Box>
		);
	}
	const lines: ChartMark[] =
		marks === undefined
			? []
			: [
					{label: 'margin call', short: 'call', price: Number(marks.marginCallPrice), tone: 'warn'},
					{label: 'liquidation', short: 'liq.', price: Number(marks.liquidationPrice), tone: 'bad'},
				];
	const today = price === undefined ? undefined : {price: Number(price)};
	return (
		<PriceChart
			points={chartPoints(history.series.hourly, now - days * DAY_MS)}
			lines={lines}
			{...(today === undefined ? {} : {now: today})}
			width={width}
			height={height}
			theme={theme}
			title={title}
			at={now}
		/>
	);
}
