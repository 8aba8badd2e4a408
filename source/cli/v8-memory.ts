import {setFlagsFromString} from 'node:v8';

/**
 * Two V8 settings that keep the app's memory flat; measured with `npm run bench` (explorer at 100k pairs: peak
 * RSS 150 → 122 MiB together, keystroke times unchanged, list load times within run-to-run variation).
 *
 * - The young generation stays at the size start-up left it (a few MiB). V8 doubles it, up to 32 MiB, whenever
 *   enough objects survive a collection: loading 100k pairs made every one survive, and the doubled space was
 *   then touched by every keystroke's garbage. Node only accepts a growth factor of 2 or more on its command line
 *   (and a shebang with flags is not portable), so it is set here, once the heap exists; V8 reads it each time it
 *   would grow the space.
 * - WebAssembly stays on V8's baseline compiler (Liftoff). Yoga (Ink's layout) and llhttp (undici's HTTP parser)
 *   are wasm; once hot, V8 recompiled them on a background thread, and compiling llhttp's one huge parser
 *   function took 25–35 MB of native memory for a moment. Liftoff code is fast enough for both. The flag is read
 *   per compilation, so this must run before either module is compiled.
 */
export function tuneV8ForMemory(): void {
	setFlagsFromString('--semi-space-growth-factor=1');
	setFlagsFromString('--liftoff-only');
}
