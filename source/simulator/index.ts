// Public API of the embedded Bitget v2 simulator (used by --demo and the test suite).
export {DEMO_CREDENTIALS, startSimulator} from './server.js';
export {estimateFor} from './estimate.js';
export {LIQUIDATION_LTV, MARGIN_CALL_LTV, type LoanDesk} from './loan-book.js';
export {BUILT_IN_SYMBOLS, syntheticSymbol, type SimSymbolRecord} from './symbols.js';
export type {
	Fault,
	FaultKind,
	FaultOperation,
	RecordedOperation,
	RecordedRequest,
	SimulatedOrder,
	Simulator,
	SimulatorOptions,
} from './types.js';
