export interface Spread {
	min: number;
	median: number;
	max: number;
	n: number;
}

export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	if (sorted.length === 0) return Number.NaN;
	const rank = Math.ceil((p / 100) * sorted.length) - 1;
	return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function spread(values: number[]): Spread {
	return {min: Math.min(...values), median: median(values), max: Math.max(...values), n: values.length};
}

/** Ratios of paired runs (subject i / baseline i): a slow moment of the machine hits both sides of a pair. */
export function pairedRatios(subject: number[], baseline: number[]): number[] {
	return subject.map((value, i) => value / baseline[i]!);
}
