// The fault matrix: every failure the network and the server can produce, against each operation, and what a
// person must see. Shared by the CLI and the interactive-app runs so both are held to the same table.
import type {FaultKind} from '../../source/simulator/index.js';

// 'raw', 'raw-after-acting' and 'stall-after-acting' are the money tests' own (test/cli/money-pipeline-cli.test.ts).
export type MatrixFault = Exclude<FaultKind, 'raw' | 'raw-after-acting' | 'stall-after-acting'> | 'connection-refused';
export type Operation = 'symbols' | 'estimate' | 'borrow';

export const MATRIX_FAULTS: MatrixFault[] = [
	'html-500',
	'truncated-json',
	'reset-before-response',
	'reset-after-order',
	'stall',
	'rate-limit',
	'wrong-types',
	'unknown-code',
	'empty-body',
	'connection-refused',
];

export const OPERATIONS: Operation[] = ['symbols', 'estimate', 'borrow'];

/** What the message must say (the server's code and msg where there is one). */
export const MESSAGE: Record<MatrixFault, RegExp> = {
	'html-500': /HTTP 500 with an HTML page/i,
	'truncated-json': /incomplete JSON/i,
	'reset-before-response': /connection broke before an answer arrived/i,
	'reset-after-order': /connection broke before an answer arrived/i,
	stall: /no answer within/i,
	'rate-limit': /429 Too Many Requests/i,
	'wrong-types': /unexpected answer/i,
	'unknown-code': /99999 Unexpected condition/i,
	'empty-body': /empty body/i,
	'connection-refused': /connection refused/i,
};

/** A borrow may have been acted on exactly where the request may have reached the server without a clear answer. */
export const BORROW_OUTCOME: Record<MatrixFault, 'unknown' | 'refused'> = {
	'html-500': 'unknown',
	'truncated-json': 'unknown',
	'reset-before-response': 'unknown',
	'reset-after-order': 'unknown',
	stall: 'unknown',
	'rate-limit': 'refused',
	'wrong-types': 'unknown',
	// A code not known to be a refusal may have been acted on (source/api/money-codes.ts).
	'unknown-code': 'unknown',
	'empty-body': 'unknown',
	'connection-refused': 'refused',
};

/** Faults that keep going until cleared (one 429 would just be retried by a lookup). */
export const TIMES: Partial<Record<MatrixFault, number>> = {'rate-limit': Number.POSITIVE_INFINITY, stall: Number.POSITIVE_INFINITY};

export function cases(): Array<[MatrixFault, Operation]> {
	return MATRIX_FAULTS.flatMap((fault) => OPERATIONS.map((operation) => [fault, operation] as [MatrixFault, Operation]));
}
