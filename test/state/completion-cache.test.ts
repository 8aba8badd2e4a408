// What shell completion keeps beyond the command table: coins of the last coin list, order ids of the last loans read.
// Written as the other private files are (whole, renamed, owner only), read back bounded and checked.
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hasCachedCoins, readCachedCoins, readCachedOrderIds, saveCoins, saveOrderIds, sourceName} from '../../source/state/completion-cache.js';

const scratch = () => join(mkdtempSync(join(tmpdir(), 'loan-tui-completion-cache-')), 'loan-tui');

describe('completion cache', () => {
	it('names a source after the API origin, or "demo"', () => {
		expect(sourceName('https://api.bitget.com')).toBe('api.bitget.com');
		expect(sourceName('http://127.0.0.1:8080')).toBe('127.0.0.1_8080');
		expect(sourceName('http://127.0.0.1:8080', true)).toBe('demo');
	});

	it("round-trips coins (and the demo's pairs) in an owner-only file, leaving no temporary file", async () => {
		const directory = scratch();
		expect(hasCachedCoins(directory, 'demo')).toBe(false);
		expect(readCachedCoins(directory, 'demo')).toBeUndefined();
		await saveCoins(directory, 'demo', {loan: ['USDT', 'BTC'], pledge: ['ETH'], pairs: ['ETHUSDT']});
		expect(readCachedCoins(directory, 'demo')).toEqual({loan: ['USDT', 'BTC'], pledge: ['ETH'], pairs: ['ETHUSDT']});
		expect(statSync(join(directory, 'coins-demo.json')).mode & 0o777).toBe(0o600);
		expect(statSync(directory).mode & 0o777).toBe(0o700);
		// A later coin list without pairs keeps the pairs already there.
		await saveCoins(directory, 'demo', {loan: ['USDC'], pledge: ['BTC']});
		expect(readCachedCoins(directory, 'demo')).toEqual({loan: ['USDC'], pledge: ['BTC'], pairs: ['ETHUSDT']});
		expect(readdirSync(directory).sort()).toEqual(['coins-demo.json']);
	});

	it('order ids per source and profile; only digits kept, nothing else written', async () => {
		const directory = scratch();
		await saveOrderIds(directory, 'api.bitget.com', 'default', ['1130000000000000001', '1130000000000000001', 'x; rm -rf /', '', '42']);
		await saveOrderIds(directory, 'demo', 'default', ['7']);
		await saveOrderIds(directory, 'api.bitget.com', '../escape', ['1']);
		expect(readCachedOrderIds(directory, 'api.bitget.com', 'default')).toEqual(['1130000000000000001', '42']);
		expect(readCachedOrderIds(directory, 'api.bitget.com', 'trading')).toEqual([]);
		expect(readCachedOrderIds(directory, 'demo', 'default')).toEqual(['7']);
		expect(readCachedOrderIds(directory, 'api.bitget.com', '../escape')).toEqual([]);
		expect(readdirSync(directory).sort()).toEqual(['orders-api.bitget.com-default.json', 'orders-demo-default.json']);
		expect(JSON.parse(readFileSync(join(directory, 'orders-api.bitget.com-default.json'), 'utf8'))).toEqual({format: 1, orders: ['1130000000000000001', '42']});
		// The last read wins: a read with no open loans leaves none to offer.
		await saveOrderIds(directory, 'api.bitget.com', 'default', []);
		expect(readCachedOrderIds(directory, 'api.bitget.com', 'default')).toEqual([]);
	});

	it('offers nothing from a damaged, foreign-format, oversized or symlinked file, and never throws', async () => {
		const directory = scratch();
		mkdirSync(directory, {recursive: true});
		writeFileSync(join(directory, 'coins-a.json'), '{"format":1,"loan":["BTC"');
		writeFileSync(join(directory, 'coins-b.json'), JSON.stringify({format: 99, loan: ['BTC'], pledge: []}));
		writeFileSync(join(directory, 'coins-c.json'), JSON.stringify({format: 1, loan: ['BTC'], pledge: [], pad: 'x'.repeat(2 * 1024 * 1024)}));
		const elsewhere = join(mkdtempSync(join(tmpdir(), 'loan-tui-elsewhere-')), 'coins.json');
		writeFileSync(elsewhere, JSON.stringify({format: 1, loan: ['BTC'], pledge: []}));
		symlinkSync(elsewhere, join(directory, 'coins-d.json'));
		for (const source of ['a', 'b', 'c', 'd']) expect(readCachedCoins(directory, source)).toBeUndefined();
		writeFileSync(join(directory, 'coins-e.json'), JSON.stringify({format: 1, loan: ['BTC', '<b>', 3], pledge: ['eth', 'ETH']}));
		expect(readCachedCoins(directory, 'e')).toEqual({loan: ['BTC'], pledge: ['ETH'], pairs: []});
		// A directory that cannot be made: the save is skipped, not thrown.
		const blocked = join(directory, 'coins-e.json', 'below');
		await expect(saveCoins(blocked, 'demo', {loan: ['BTC'], pledge: []})).resolves.toBeUndefined();
		await expect(saveOrderIds(blocked, 'demo', 'default', ['1'])).resolves.toBeUndefined();
	});
});
