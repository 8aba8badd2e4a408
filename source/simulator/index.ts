// Public API of the embedded Bitget simulator, v2 (classic accounts) and v3 (unified accounts); used by --demo and the
// test suite.
export {DEMO_CREDENTIALS, startSimulator} from './server.js';
export {estimateFor} from './estimate.js';
export {LIQUIDATION_LTV, MARGIN_CALL_LTV} from './loan-book.js';
export {BUILT_IN_SYMBOLS, syntheticSymbol} from './symbols.js';
export type {FaultKind, Simulator, SimulatorOptions} from './types.js';
