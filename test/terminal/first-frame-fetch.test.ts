// The built app draws its home menu without loading Node's own fetch (cli/without-global-fetch.ts): Yoga would load
// it for its WebAssembly, tens of ms before the first frame. The global fetch is back once the app's code is loaded.
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {deadBaseUrl} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const FETCH_HOOK = fileURLToPath(new URL('../helpers/fetch-hook.mjs', import.meta.url));

describe.skipIf(tmuxMissing)(`the first frame and Node's fetch${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it("draws the home menu before Node's fetch is loaded, and leaves the global fetch as it was", async () => {
		const out = join(mkdtempSync(join(tmpdir(), 'loan-tui-fetch-hook-')), 'records.jsonl');
		tmux = Tmux.start(`node ${CLI} --base-url ${await deadBaseUrl()}`, {env: {NODE_OPTIONS: `--import ${FETCH_HOOK}`, FETCH_HOOK_OUT: out}});
		await tmux.waitFor('? this help');
		await tmux.send('q');
		await tmux.waitFor('EXIT=0');
		const records = readFileSync(out, 'utf8')
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		expect(records).toEqual([
			{firstFrame: true, nodeFetchLoaded: false},
			{exit: true, globalFetch: 'function'},
		]);
	});
});
