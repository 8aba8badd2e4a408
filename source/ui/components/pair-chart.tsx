// A loan's pair charted (the borrow review's g, a loan's detail): the pledge coin's hourly closes in the loan coin over
// the last 7 or 30 days (price-chart.tsx), with the margin-call and liquidation prices as labelled lines and today's
// price marked. While the history is read, when there is none, or when it could not be read, a line says so instead:
// never a guessed path.
import React from 'react';
import {Text} from 'ink';
import {chartPoints, type ChartMark} from '../../format/price-chart.js';
import {NO_HISTORY, pairName} from '../../format/chance-words.js';
import {sanitize} from '../../format/sanitize.js';
import type {PriceHistory} from '../../operations/price-history.js';
import type {Theme} from '../theme.js';
import {PriceChart} from './price-chart.js';

const DAY_MS = 86_400_000;

export type ChartDays = 7 | 30;

interface Props {
	/** The pledge coin (base) in the loan coin (quote). */
	pair: {base: string; quote: string};
	/** undefined while it is read. */
	history: PriceHistory | undefined;
	/** Today's price, when known: the marker. */
	price?: string;
	/** The loan's margin-call and liquidation prices, when known: the two lines. */
	marks?: {marginCallPrice: string; liquidationPrice: string};
	days: ChartDays;
	/** Server time, epoch ms: the chart's right edge. */
	now: number;
	width: number;
	/** Rows for the whole chart, its title included. */
	height: number;
	theme: Theme;
}

/** Why there is no path to draw: reading, none, or the read's problem (no title: the chart's comes with its path). */
function missingWords(pair: Props['pair'], history: Exclude<PriceHistory, {status: 'ok'}> | undefined): string {
	const chart = `Chart of ${pairName(pair)}${pair.quote === 'USDT' ? ' in USDT' : ''}`;
	if (history === undefined) return `${chart}: reading the price history`;
	if (history.status === 'no history') return `${chart}: ${NO_HISTORY} (${sanitize(history.reason)}), nothing to draw`;
	return `${chart}: the price history is unavailable: ${sanitize(history.problem)}`;
}

export function PairChart({pair, history, price, marks, days, now, width, height, theme}: Props) {
	const title = `${pairName(pair)}${pair.quote === 'USDT' ? ' in USDT' : ''}, last ${days} days`;
	if (history?.status !== 'ok') {
		return (
			<Text wrap="wrap" color={history === undefined ? undefined : theme.warn}>
				{missingWords(pair, history)}
			</Text>
		);
	}
	const lines: ChartMark[] =
		marks === undefined
			? []
			: [
					{label: 'margin call', short: 'call', price: Number(marks.marginCallPrice), tone: 'warn'},
					{label: 'liquidation', short: 'liq.', price: Number(marks.liquidationPrice), tone: 'bad'},
				];
	return (
		<PriceChart
			points={chartPoints(history.series.hourly, now - days * DAY_MS)}
			lines={lines}
			{...(price === undefined ? {} : {now: {price: Number(price)}})}
			width={width}
			height={height}
			theme={theme}
			title={title}
			at={now}
		/>
	);
}
