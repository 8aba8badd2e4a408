import {setFlagsFromString} from 'node:v8';
import type {Config} from '../runtime/config.js';

/**
 * Two V8 settings that keep the app's memory flat; measured with `npm run bench` (explorer at 100k pairs: peak
 * RSS 150 → 122 MiB together, keystroke times unchanged, list load times within run-to-run variation).
 *
 * Both are set after the app's first frame, once the services' code has loaded, and before its first request: set at
 * start, they delayed the first frame by 25–45 ms in a pty beside the Ink "hello" (bench/), the first by making
 * start-up's garbage collect in a young generation too small for it, the second by making V8 compile all of Yoga at
 * once instead of each function on first call; set before the services' code loads, the first slowed that load by
 * ~25 ms the same way.
 *
 * - The young generation stays at the size start-up left it (a few MiB). V8 doubles it, up to 32 MiB, whenever
 *   enough objects survive a collection: loading 100k pairs made every one survive, and the doubled space was
 *   then touched by every keystroke's garbage. Node only accepts a growth factor of 2 or more on its command line
 *   (and a shebang with flags is not portable), so it is set here, once the heap exists; V8 reads it each time it
 *   would grow the space.
 * - WebAssembly stays on V8's baseline compiler (Liftoff). Yoga (Ink's layout) and llhttp (undici's HTTP parser)
 *   are wasm; once hot, V8 recompiled them on a background thread, and compiling llhttp's one huge parser
 *   function took 25–35 MB of native memory for a moment. Liftoff code is fast enough for both. The flag is read
 *   per compilation, so it must be set before llhttp is compiled (the first request); Yoga, compiled before the
 *   first frame, keeps V8's default tiering (its functions are small: llhttp's parser is the costly one).
 */
export const V8_MEMORY_FLAGS = ['--semi-space-growth-factor=1', '--liftoff-only'] as const;

/**
 * `watch` also keeps V8's optimizing compilers off (TurboFan, and Maglev where Node has it): between reads it does
 * next to nothing, and a read is one small JSON, so the interpreter and its baseline code are fast enough, while the
 * optimizers' own code and the code they make cost it 4 MiB of its 60 (bench/watch.ts: peak RSS over 10 loans
 * 62.3 → 58.4 MiB on Node 20, CPU between reads unchanged).
 */
export const WATCH_V8_FLAGS = [...V8_MEMORY_FLAGS, '--no-turbofan', '--no-maglev'] as const;

/**
 * Applied by the interactive app, by `watch` (long-running, with WATCH_V8_FLAGS) and by `symbols` of the whole list (measured: 100k pairs as --json peak at
 * 196 MiB on Node 24 without, under 150 with); other subcommands are short-lived. LOAN_TUI_NO_V8_TUNING=1 (the
 * config's v8Tuning false) leaves V8 as it is. A Node whose V8 no longer knows a flag must still start: each flag
 * is tried on its own and a refusal is ignored. Returns the flags that were applied.
 */
export function tuneV8ForMemory(
	config: Pick<Config, 'v8Tuning'>,
	flags: readonly string[] = V8_MEMORY_FLAGS,
	setFlags: (flag: string) => void = setFlagsFromString,
): string[] {
	if (!config.v8Tuning) return [];
	const applied: string[] = [];
	for (const flag of flags) {
		try {
			setFlags(flag);
			applied.push(flag);
		} catch {
			// This V8 rejects the flag: run without it.
		}
	}
	return applied;
}
