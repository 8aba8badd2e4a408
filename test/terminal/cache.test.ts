// A second start shows the pairs from the disk cache before (here: without) the network answering.
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`symbol cache across starts${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({extraSymbols: 1000});
	const cache = mkdtempSync(join(tmpdir(), 'loan-tui-shared-cache-'));
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());
	// The test quits its app before this; a failed test's app may still be writing for a moment: removal retries.
	afterAll(() => rmSync(cache, {recursive: true, force: true, maxRetries: 20, retryDelay: 100}));

	const open = async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: {XDG_CACHE_HOME: cache}});
		await tmux.waitFor('? this help');
		await tmux.send('Enter');
	};

	it('second start: the cached list shows while the server is down, with its age', async () => {
		await open();
		await tmux!.waitFor(/1049 of 1049 pairs\s*$/m);
		// The list and then its meta file are renamed into place once written: wait for the meta file.
		const written = () => existsSync(join(cache, 'loan-tui')) && readdirSync(join(cache, 'loan-tui')).some((name) => name.endsWith('.meta.json'));
		for (const deadline = Date.now() + 15_000; !written();) {
			if (Date.now() > deadline) throw new Error('the symbol list was never written to the cache');
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
		tmux!.kill();
		sim.simulator.setAvailable(false);
		await open();
		const screen = await tmux!.waitFor(/1049 of 1049 pairs · cached just now · refresh failed, Ctrl\+R to retry/);
		expect(screen).toMatch(/› BTCUSDT\s+BTC\s+USDT\s+online/);
		// The top line takes the error from its own store, which may draw a frame after the list's status.
		await tmux!.waitFor('✗ Spot pairs: HTTP 503');
		sim.simulator.setAvailable(true);
		await tmux!.send('C-r');
		await tmux!.waitFor(/1049 of 1049 pairs\s*$/m);
		// Quit and see the app gone, so nothing is still writing into the cache when it is removed.
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});
});
