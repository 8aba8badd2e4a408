// Public API of the embedded Bitget v2 simulator (used by --demo and the test suite).
export {DEMO_CREDENTIALS, startSimulator} from './server.js';
export {estimateFor} from './estimate.js';
export {LIQUIDATION_LTV, MARGIN_CALL_LTV} from './loan-book.js';
export {BUILT_IN_SYMBOLS, syntheticSymbol} from './symbols.js';
export type {FaultKind, Simulator, SimulatorOptions} from './types.js';
