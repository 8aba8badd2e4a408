import {PassThrough} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {fittedTable, keptColumns, type Column, type Output} from '../../source/runtime/output.js';

const columns: Column[] = [
	{header: 'ID', priority: 0},
	{header: 'A', priority: 2},
	{header: 'B', priority: 1},
	{header: 'C', priority: 2},
	{header: 'RISK', priority: 0},
];

function output(width: number | undefined): Output & {err: () => string} {
	const stderr = new PassThrough();
	let err = '';
	stderr.on('data', (chunk) => (err += chunk));
	return {stdout: new PassThrough(), stderr, json: false, width, err: () => err};
}

describe('tables fit the width', () => {
	const widths = [10, 10, 10, 10, 10];

	it('keeps every column when there is room or no width', () => {
		expect(keptColumns(columns, widths, undefined)).toEqual([0, 1, 2, 3, 4]);
		expect(keptColumns(columns, widths, 58)).toEqual([0, 1, 2, 3, 4]);
	});

	it('drops the least important first, the rightmost of equals first, never a priority 0', () => {
		expect(keptColumns(columns, widths, 57)).toEqual([0, 1, 2, 4]);
		expect(keptColumns(columns, widths, 40)).toEqual([0, 2, 4]);
		expect(keptColumns(columns, widths, 30)).toEqual([0, 4]);
		expect(keptColumns(columns, widths, 5)).toEqual([0, 4]);
	});

	it('fittedTable cuts no cell and says what it left out on stderr', () => {
		const out = output(20);
		const lines = fittedTable(out, columns, [['1130000001', 'alpha', 'beta', 'gamma', 'LIQUIDATION NEAR']]);
		expect(lines).toEqual(['ID          RISK', '1130000001  LIQUIDATION NEAR']);
		expect(out.err()).toBe('loan-tui: A, B, C left out to fit 20 columns; --wide shows all\n');
	});
});
