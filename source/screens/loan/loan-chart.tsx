// A loan's price chart on its detail: the pair's price over the last 7 days (30 with d), the margin-call and
// liquidation prices as labelled lines and today's price marked (ui/components/price-chart.tsx), from the hourly
// candles of the pair's history (operations/price-history.ts). Without a history it says so in words, never a guess.
import React from 'react';
import {Box, Text} from 'ink';
import type {OngoingLoan} from '../../api/loan-types.js';
import {noHistorySentence, pairName} from '../../format/chance-words.js';
import {chartPoints} from '../../format/price-chart.js';
import {sanitize} from '../../format/sanitize.js';
import {loanMarkPrices} from '../../loans/prices.js';
import {loanPair} from '../../operations/ongoing-loan-chance.js';
import type {PriceHistory} from '../../operations/price-history.js';
import {PriceChart} from '../../ui/components/price-chart.js';
import type {Theme} from '../../ui/theme.js';

const DAY_MS = 86_400_000;

interface Props {
	loan: OngoingLoan;
	history: PriceHistory | undefined;
	/** Today's price as the detail shows it; undefined: none known (no marker, no lines). */
	price: string | undefined;
	days: 7 | 30;
	/** Server time: the chart's right edge. */
	serverNow: number;
	width: number;
	height: number;
	theme: Theme;
}

export function LoanChart({loan, history, price, days, serverNow, width, height, theme}: Props) {
	const pair = loanPair(loan);
	if (history === undefined || history.status !== 'ok') {
		const words =
			history === undefined
				? 'Chart: reading the price history'
				: history.status === 'no history'
					? `Chart: ${noHistorySentence(pair, history.reason)}`
					: `Chart: the price history is unavailable: ${sanitize(history.problem)}`;
		return (
			<Text dimColor wrap="wrap">
				{words}
			</Text>
		);
	}
	const marks = price === undefined ? undefined : loanMarkPrices(loan, price);
	const lines = marks
		? [
				{label: 'margin call', short: 'call', price: Number(marks.marginCallPrice), tone: 'warn' as const},
				{label: 'liquidation', short: 'liq.', price: Number(marks.liquidationPrice), tone: 'bad' as const},
			]
		: [];
	return (
		<Box flexDirection="column">
			<PriceChart
				points={chartPoints(history.series.hourly, serverNow - days * DAY_MS)}
				lines={lines}
				{...(price === undefined ? {} : {now: {price: Number(price)}})}
				width={width}
				height={height}
				theme={theme}
				title={`${pairName(pair)}${pair.quote === 'USDT' ? ' in USDT' : ''}, last ${days} days`}
				at={serverNow}
			/>
		</Box>
	);
}
