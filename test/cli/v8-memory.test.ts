// The V8 settings of source/cli/v8-memory.ts, observed in the built CLI loading a large symbol list from the
// simulator over loopback: V8 would double its young generation to 32 MiB or more while the list loads.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {BUILT_IN_SYMBOLS} from '../../source/simulator/index.js';
import {useSimulator} from '../helpers/simulator.js';

const PRELOAD = fileURLToPath(new URL('../helpers/heap-report.mjs', import.meta.url));
const MiB = 1024 * 1024;

describe('V8 memory settings', () => {
	const sim = useSimulator({extraSymbols: 40_000, rateLimits: false});
	const dir = mkdtempSync(join(tmpdir(), 'loan-tui-heap-'));
	afterAll(() => rmSync(dir, {recursive: true, force: true}));

	it('keeps the young generation small while 40k pairs load', async () => {
		const report = join(dir, 'report.json');
		const result = await runCli(['symbols', '--json', '--base-url', sim.simulator.url], {nodeArgs: ['--import', PRELOAD], env: {HEAP_REPORT: report}});
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toHaveLength(40_000 + BUILT_IN_SYMBOLS.length);
		const {newSpaceBytes} = JSON.parse(readFileSync(report, 'utf8')) as {newSpaceBytes: number};
		expect(newSpaceBytes).toBeGreaterThan(0);
		expect(newSpaceBytes).toBeLessThanOrEqual(8 * MiB);
	});
});
