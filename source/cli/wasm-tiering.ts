import {setFlagsFromString} from 'node:v8';

/**
 * Keep WebAssembly on V8's baseline compiler (Liftoff). Two wasm modules run here: Yoga (Ink's layout) and
 * llhttp (undici's HTTP parser). Once they get hot, V8 recompiles them with its optimising compiler on a
 * background thread, and compiling llhttp's one huge parser function takes 25–35 MB of native memory for a
 * moment: the largest single spike in the app's peak RSS. Liftoff code is fast enough for both (a layout of one
 * frame, a response's framing). Measured in bench/ (peak RSS, keystroke time, wire throughput). Must run
 * before either module is compiled: the flag is read per compilation.
 */
export function keepWasmOnBaselineCompiler(): void {
	setFlagsFromString('--liftoff-only');
}
