// The bench's figures: each from repeated runs (min / median / max), a ratio to its baseline taken pair by pair,
// a budget when the issue sets one. Printed as a table and kept with every raw run in bench/results.json.
import {cpus, totalmem} from 'node:os';
import {writeFileSync} from 'node:fs';
import {pairedRatios, spread, type Spread} from './stats.js';

export interface Figure {
	metric: string;
	unit: 'ms' | 'MiB' | 'connections' | 'requests' | 'rounds' | '% of a core';
	samples: number[];
	/** The metric this one is paired with, and the ratios pair by pair. */
	baseline?: string;
	ratios?: number[];
	budget?: string;
	pass?: boolean;
}

export const figures: Figure[] = [];

export function add(figure: Figure): Figure {
	figures.push(figure);
	return figure;
}

/** A figure with a paired baseline; the budget is on the median ratio. */
export function addRatio(metric: string, samples: number[], baseline: Figure, maxRatio?: number, baselineName = baseline.metric): Figure {
	const ratios = pairedRatios(samples, baseline.samples);
	const figure: Figure = {metric, unit: baseline.unit, samples, baseline: baseline.metric, ratios};
	if (maxRatio !== undefined) {
		figure.budget = `≤ ${maxRatio}× ${baselineName}`;
		figure.pass = spread(ratios).median <= maxRatio;
	}
	return add(figure);
}

/** A figure whose budget is on a value (median, or the value given). */
export function addLimit(metric: string, unit: Figure['unit'], samples: number[], limit: number | undefined, value = spread(samples).median): Figure {
	return add({metric, unit, samples, ...(limit === undefined ? {} : {budget: `≤ ${limit} ${unit === 'ms' ? 'ms' : unit}`, pass: value <= limit})});
}

const format = (value: number, unit: Figure['unit']) =>
	unit === 'ms' || unit === 'MiB' ? value.toFixed(1) : unit === '% of a core' ? value.toFixed(2) : String(value);
const formatSpread = (s: Spread, unit: Figure['unit']) =>
	s.n === 1 ? `${format(s.median, unit)} ${unit}` : `${format(s.min, unit)} / ${format(s.median, unit)} / ${format(s.max, unit)} ${unit}`;

export function table(): string {
	const rows = figures.map((figure) => {
		const ratio = figure.ratios ? spread(figure.ratios) : undefined;
		return [
			figure.metric,
			formatSpread(spread(figure.samples), figure.unit),
			String(figure.samples.length),
			ratio ? `${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})` : '',
			figure.budget ?? '',
			figure.budget === undefined ? '' : figure.pass ? 'ok' : '**MISS**',
		];
	});
	const headers = ['figure', 'min / median / max', 'runs', 'ratio, median of pairs (min–max)', 'budget', 'ok'];
	const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
	const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
	return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function configuration(nodes: string[]): Record<string, unknown> {
	return {
		date: new Date().toISOString(),
		machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
		nodes,
		benchNode: process.version,
		NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ? 'set (for every subject and baseline alike)' : 'unset',
	};
}

export function save(path: string, config: Record<string, unknown>): void {
	writeFileSync(path, `${JSON.stringify({configuration: config, figures}, null, '\t')}\n`);
}
