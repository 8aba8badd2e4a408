// The V8 settings of source/cli/v8-memory.ts: applied to the interactive app only, each flag on its own so a V8
// that rejects one still starts, off with LOAN_TUI_NO_V8_TUNING=1; and observed in the built app loading a large
// symbol list in a real terminal: V8 would double its young generation to 32 MiB or more while the list loads.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {tuneV8ForMemory, V8_MEMORY_FLAGS, WATCH_V8_FLAGS} from '../../source/cli/v8-memory.js';
import {CLI, runCli} from '../helpers/cli.js';
import {BUILT_IN_SYMBOLS} from '../../source/simulator/index.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const PRELOAD = fileURLToPath(new URL('../helpers/heap-report.mjs', import.meta.url));
const MiB = 1024 * 1024;

describe('V8 memory settings', () => {
	it('sets each flag on its own, keeps going when V8 rejects one, and sets none with LOAN_TUI_NO_V8_TUNING=1 (v8Tuning false)', () => {
		const set: string[] = [];
		expect(tuneV8ForMemory({v8Tuning: true}, V8_MEMORY_FLAGS, (flag) => set.push(flag))).toEqual([...V8_MEMORY_FLAGS]);
		expect(set).toEqual([...V8_MEMORY_FLAGS]);
		const picky = (flag: string) => {
			if (flag === V8_MEMORY_FLAGS[0]) throw new Error('unknown flag');
		};
		expect(tuneV8ForMemory({v8Tuning: true}, V8_MEMORY_FLAGS, picky)).toEqual([V8_MEMORY_FLAGS[1]]);
		const untouched: string[] = [];
		expect(tuneV8ForMemory({v8Tuning: false}, V8_MEMORY_FLAGS, (flag) => untouched.push(flag))).toEqual([]);
		expect(untouched).toEqual([]);
	});

	describe('in watch', () => {
		const sim = useSimulator({demoLoans: true});
		// Its optimizing compilers off as well (bench/watch.ts measures what that saves), set before its first request.
		it("sets the app's flags and turns the optimizing compilers off, before the first request, as --debug says", async () => {
			const result = await runCli(['watch', '--once', '--debug', '--base-url', sim.simulator.url], {env: TEST_CREDENTIAL_ENV});
			expect(result.code, result.stderr).toBe(10);
			const lines = result.stderr.split('\n');
			const settings = lines.findIndex((line) => line.startsWith('debug: V8 settings'));
			expect(lines[settings]).toBe(`debug: V8 settings before the first request: ${WATCH_V8_FLAGS.join(' ')}`);
			expect(WATCH_V8_FLAGS).toEqual(expect.arrayContaining([...V8_MEMORY_FLAGS, '--no-turbofan', '--no-maglev']));
			const firstRequest = lines.findIndex((line) => /^debug: (GET|POST) /.test(line));
			expect(firstRequest).toBeGreaterThan(-1);
			expect(settings).toBeLessThan(firstRequest);
			const untuned = await runCli(['watch', '--once', '--debug', '--base-url', sim.simulator.url], {
				env: {...TEST_CREDENTIAL_ENV, LOAN_TUI_NO_V8_TUNING: '1'},
			});
			expect(untuned.code, untuned.stderr).toBe(10);
			expect(untuned.stderr).not.toContain('V8 settings');
		});
	});

	describe.skipIf(tmuxMissing)('in the interactive app', () => {
		const sim = useSimulator({extraSymbols: 40_000, rateLimits: false});
		const dir = mkdtempSync(join(tmpdir(), 'loan-tui-heap-'));
		let tmux: Tmux | undefined;
		afterEach(() => tmux?.kill());
		afterAll(() => rmSync(dir, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));

		// Without the settings (LOAN_TUI_NO_V8_TUNING=1) the same run reaches 32 MiB.
		it('keeps the young generation small while 40k pairs load', async () => {
			const report = join(dir, 'report.json');
			tmux = Tmux.start(`node --import ${PRELOAD} ${CLI} --base-url ${sim.simulator.url} --timeout 60`, {env: {HEAP_REPORT: report}});
			await tmux.waitFor('? this help');
			await tmux.send('Enter');
			await tmux.waitFor(`${40_000 + BUILT_IN_SYMBOLS.length} of ${40_000 + BUILT_IN_SYMBOLS.length} pairs`, 60_000);
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=0');
			const {newSpaceBytes} = JSON.parse(readFileSync(report, 'utf8')) as {newSpaceBytes: number};
			expect(newSpaceBytes).toBeGreaterThan(0);
			expect(newSpaceBytes).toBeLessThanOrEqual(8 * MiB);
		});

		it('sets them after the first frame and before the first request, as the --debug log shows', async () => {
			const log = join(dir, 'debug.log');
			tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url} --timeout 60 --debug 2>${log}`);
			await tmux.waitFor('? this help');
			await tmux.send('Enter');
			// The list itself, not a loading line that names pairs: its request has been sent and logged by then.
			await tmux.waitFor(/\d+ of \d+ pairs/, 60_000);
			await tmux.send('C-c');
			await tmux.waitFor('EXIT=0');
			const lines = readFileSync(log, 'utf8').split('\n');
			const settings = lines.findIndex((line) => line.startsWith('debug: V8 settings'));
			expect(lines[settings]).toBe(`debug: V8 settings before the first request: ${V8_MEMORY_FLAGS.join(' ')}`);
			expect(settings).toBeLessThan(lines.findIndex((line) => /GET .*symbols/.test(line)));
		});
	});
});
