// History's `e` against the simulator over loopback: the current history's records written to a new CSV file in the
// working directory (else home), owner-only, never over another file, and said on screen; nothing read, nothing written.
import {mkdtempSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {csvRecords} from '../helpers/csv.js';
import {emptyJournal, renderApp, type RenderedApp} from '../helpers/ink.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';

const atHistory = {stack: [{name: 'home' as const}, {name: 'history' as const}], quit: false};
const scratch = (name: string) => mkdtempSync(join(tmpdir(), `loan-tui-${name}-`));

describe('History: e writes a CSV file', () => {
	const sim = useSimulator({demoLoans: true});
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());
	const open = async (places: {cwd: string; home: string}) => {
		app = await renderApp({
			baseUrl: sim.simulator.url,
			demo: true,
			credentials: TEST_CREDENTIALS,
			initial: atHistory,
			journal: emptyJournal(),
			serviceOptions: {exportPlaces: places},
			size: {columns: 160, rows: 40},
		});
		return app;
	};

	it('in the working directory: the header and a row per loan read, mode 0600; again: a new file beside it', async () => {
		const cwd = scratch('cwd');
		const home = scratch('home');
		await open({cwd, home});
		await app!.waitForText(/page 1 of 1 · records 1-2 of 2/);
		await app!.press('e');
		await app!.waitForText(/Wrote 2 loans to /);
		const [name] = readdirSync(cwd);
		expect(name).toMatch(/^loan-tui-loans-\d{4}-\d\d-\d\d\.csv$/);
		expect(app!.frame().replace(/\s+/g, '')).toContain(join(cwd, name!));
		const path = join(cwd, name!);
		expect(statSync(path).mode & 0o777).toBe(0o600);
		const {header, records} = csvRecords(readFileSync(path, 'utf8'));
		expect(header.slice(0, 3)).toEqual(['time_utc', 'orderId', 'loanCoin']);
		expect(records).toHaveLength(2);
		expect(records.map((row) => row.pledgeCoin).sort()).toEqual(['BTC', 'ETH']);
		expect(readdirSync(home)).toEqual([]);

		// The same day again: never over the first file.
		const before = readFileSync(path, 'utf8');
		await app!.press('e');
		await app!.waitForText(/Wrote 2 loans to .*-1\.csv/s);
		expect(readdirSync(cwd).sort()).toEqual([name, name!.replace('.csv', '-1.csv')].sort());
		expect(readFileSync(path, 'utf8')).toBe(before);

		// A history with nothing in it: said, and no file.
		await app!.press('4');
		await app!.waitForText('No liquidations in the last 30 days.');
		expect(app!.frame()).not.toContain('Wrote');
		await app!.press('e');
		await app!.waitForText('Nothing to write: no liquidations in the last 30 days');
		expect(readdirSync(cwd)).toHaveLength(2);
	});

	it('when the working directory cannot take it, the home directory; when neither can, says why and what to do', async () => {
		const home = scratch('home');
		await open({cwd: join(home, 'gone'), home});
		await app!.waitForText(/page 1 of 1/);
		await app!.press('e');
		await app!.waitForText(/Wrote 2 loans to /);
		expect(readdirSync(home).filter((name) => name.endsWith('.csv'))).toHaveLength(1);
		app!.unmount();

		await open({cwd: join(home, 'gone'), home: join(home, 'also-gone')});
		await app!.waitForText(/page 1 of 1/);
		await app!.press('e');
		const frame = (await app!.waitForText(/Could not write/)).replace(/\s+/g, ' ');
		expect(frame).toContain('ENOENT');
		expect(frame).toMatch(/loan-tui history loans --days 30 --csv > loan-tui-loans-\d{4}-\d\d-\d\d\.csv/);
	});
});
