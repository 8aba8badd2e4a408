import {mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {fileLocalHistory, localHistoryFile, type LocalHistoryEntry} from '../../source/state/local-history.js';
import {fileRecentInputs, NO_RECENT_INPUTS, recentInputsFile} from '../../source/state/recent-inputs.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'loan-tui-state-'));

describe('recent inputs', () => {
	it('round-trips the last coins, period and amounts through a private file', async () => {
		const file = join(scratch(), 'deep', 'settings.json');
		const store = fileRecentInputs(file);
		expect(await store.load()).toEqual(NO_RECENT_INPUTS);
		const inputs = {
			estimate: {loanCoin: 'USDT', pledgeCoin: 'BTC', pledgeAmount: '0.5'},
			borrow: {loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'THIRTY' as const, amountMode: 'loan' as const, loanAmount: '100'},
		};
		await store.save(inputs);
		expect(await fileRecentInputs(file).load()).toEqual(inputs);
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it('writes only known, valid fields: never a credential, never a half-typed amount', async () => {
		const file = join(scratch(), 'settings.json');
		const store = fileRecentInputs(file);
		const sneaky = {loanCoin: 'USDT', pledgeAmount: '1e5', secretKey: 'top-secret-value', passphrase: 'hunter2'};
		await store.save({estimate: sneaky, borrow: {pledgeCoin: 'ß'}} as never);
		const text = readFileSync(file, 'utf8');
		expect(text).not.toContain('top-secret-value');
		expect(text).not.toContain('hunter2');
		expect(await store.load()).toEqual({estimate: {loanCoin: 'USDT'}, borrow: {}});
	});

	it('gives defaults for a damaged or foreign file instead of failing', async () => {
		const directory = scratch();
		const file = join(directory, 'settings.json');
		for (const text of ['{not json', '[]', '{"version":2}', '{"version":1,"estimate":{"loanCoin":"<script>"}}']) {
			writeFileSync(file, text);
			const loaded = await fileRecentInputs(file).load();
			expect(loaded.borrow).toEqual({});
			expect(loaded.estimate.loanCoin).toBeUndefined();
		}
	});

	it('lives under XDG_CONFIG_HOME, or ~/.config when that is unset or relative', () => {
		expect(recentInputsFile({XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/a'})).toBe('/x/cfg/loan-tui/settings.json');
		expect(recentInputsFile({XDG_CONFIG_HOME: 'rel', HOME: '/home/a'})).toBe('/home/a/.config/loan-tui/settings.json');
	});
});

describe('local history', () => {
	const entry = (n: number, overrides: Partial<LocalHistoryEntry> = {}): LocalHistoryEntry => ({
		time: 1_700_000_000_000 + n,
		operation: 'borrow',
		origin: 'https://api.bitget.com',
		values: {loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: String(n)},
		outcome: 'done',
		orderId: `11300000000000000${n}`,
		...overrides,
	});

	it('keeps what was sent, newest first', async () => {
		const file = join(scratch(), 'history.jsonl');
		const history = fileLocalHistory(file);
		await history.append(entry(1));
		await history.append(entry(2, {outcome: 'unknown', orderId: undefined, detail: 'no matching order after 20 s'}));
		const read = await fileLocalHistory(file).read();
		expect(read.map((e) => e.time)).toEqual([1_700_000_000_002, 1_700_000_000_001]);
		expect(read[0]).toMatchObject({outcome: 'unknown', detail: 'no matching order after 20 s'});
		expect(read[1]!.orderId).toBe('113000000000000001');
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it('makes server text inert and bounded before keeping it', async () => {
		const file = join(scratch(), 'history.jsonl');
		await fileLocalHistory(file).append(entry(1, {outcome: 'refused', detail: `40012 \u001b]52;c;AAAA\u0007 ${'x'.repeat(500)}`}));
		const [kept] = await fileLocalHistory(file).read();
		expect(kept!.detail).not.toMatch(/[\u0000-\u001f]/);
		expect(kept!.detail!.length).toBe(200);
	});

	it('skips a damaged line and keeps reading', async () => {
		const file = join(scratch(), 'history.jsonl');
		const history = fileLocalHistory(file);
		await history.append(entry(1));
		writeFileSync(file, `${readFileSync(file, 'utf8')}{"time":1,"oper`);
		await history.append(entry(3));
		expect((await history.read()).map((e) => e.time)).toEqual([1_700_000_000_003, 1_700_000_000_001]);
	});

	it('drops the oldest lines past its limit', async () => {
		const file = join(scratch(), 'history.jsonl');
		const history = fileLocalHistory(file, 3);
		for (let n = 1; n <= 5; n++) await history.append(entry(n));
		expect((await history.read()).map((e) => e.time - 1_700_000_000_000)).toEqual([5, 4, 3]);
	});

	it('lives under XDG_STATE_HOME, or ~/.local/state', () => {
		expect(localHistoryFile({XDG_STATE_HOME: '/s', HOME: '/h'})).toBe('/s/loan-tui/history.jsonl');
		expect(localHistoryFile({HOME: '/h'})).toBe('/h/.local/state/loan-tui/history.jsonl');
	});
});
