import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createInputMemory} from '../../source/services/input-memory.js';
import {fileRecentInputs, type RecentInputs} from '../../source/state/recent-inputs.js';

describe('input memory', () => {
	afterEach(() => void vi.useRealTimers());

	it('keeps half-typed values for the session but writes only checked, canonical ones', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'loan-tui-memory-')), 'settings.json');
		const memory = createInputMemory(undefined, fileRecentInputs(file), 10_000);
		memory.acceptEstimate({loanCoin: 'usdt', pledgeCoin: 'BT', daily: 'THIRTY', pledgeAmount: '007.50'});
		memory.acceptBorrow({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', amountMode: 'loan', pledgeAmount: '1.', loanAmount: '100'});
		expect(memory.estimate()).toEqual({loanCoin: 'usdt', pledgeCoin: 'BT', daily: 'THIRTY', pledgeAmount: '007.50'});
		await memory.flush();
		const saved = await fileRecentInputs(file).load();
		expect(saved.estimate).toEqual({loanCoin: 'USDT', pledgeCoin: 'BT', daily: 'THIRTY', pledgeAmount: '7.5'});
		// "1." is not an amount: it stays in the session, not on disk.
		expect(saved.borrow).toEqual({loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', amountMode: 'loan', loanAmount: '100'});
		expect(readFileSync(file, 'utf8')).not.toContain('secret');
	});

	it('coalesces writes, writes nothing when no value changed, and never rejects', async () => {
		// The write delay is faked (setTimeout only): its end is a step the test takes.
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		const saves: RecentInputs[] = [];
		const memory = createInputMemory(
			{estimate: {loanCoin: 'USDT'}, borrow: {}},
			{load: async () => ({estimate: {}, borrow: {}}), save: async (inputs) => void saves.push(inputs)},
			20,
		);
		expect(memory.estimate()).toEqual({loanCoin: 'USDT'});
		for (const amount of ['1', '12', '123']) memory.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: amount});
		await vi.advanceTimersByTimeAsync(19);
		expect(saves).toHaveLength(0);
		await vi.advanceTimersByTimeAsync(1);
		// The write the timer started (flush with no timer left waits for it).
		await memory.flush();
		expect(saves).toHaveLength(1);
		expect(saves[0]!.estimate.pledgeAmount).toBe('123');
		memory.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '123'});
		await memory.flush();
		expect(saves).toHaveLength(1);
		const failing = createInputMemory(
			undefined,
			{load: async () => ({estimate: {}, borrow: {}}), save: async () => Promise.reject(new Error('disk full'))},
			10_000,
		);
		failing.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		await expect(failing.flush()).resolves.toBeUndefined();
	});

	it('an estimate by loan amount accepted keeps the pledge amount accepted before, and the next run opens in its mode', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'loan-tui-memory-')), 'settings.json');
		const memory = createInputMemory(undefined, fileRecentInputs(file), 10_000);
		memory.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', amountMode: 'pledge', pledgeAmount: '1'});
		// Typed by loan amount, not yet answered: the session has it, the file not.
		memory.rememberEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', amountMode: 'loan', pledgeAmount: '1', loanAmount: '5'});
		await memory.flush();
		expect((await fileRecentInputs(file).load()).estimate).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			daily: 'SEVEN',
			amountMode: 'pledge',
			pledgeAmount: '1',
		});
		memory.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', amountMode: 'loan', loanAmount: '10000'});
		expect(memory.estimate()).toMatchObject({amountMode: 'loan', loanAmount: '10000', pledgeAmount: '1'});
		await memory.flush();
		expect((await fileRecentInputs(file).load()).estimate).toEqual({
			loanCoin: 'USDT',
			pledgeCoin: 'BTC',
			daily: 'THIRTY',
			amountMode: 'loan',
			pledgeAmount: '1',
			loanAmount: '10000',
		});
	});

	it('writes only what the server accepted: a value typed and not accepted stays in the session', async () => {
		const file = join(mkdtempSync(join(tmpdir(), 'loan-tui-memory-')), 'settings.json');
		const memory = createInputMemory({estimate: {loanCoin: 'USDT', pledgeCoin: 'BTC'}, borrow: {pledgeCoin: 'ETH'}}, fileRecentInputs(file), 10_000);
		memory.acceptEstimate({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		// Refused by the server (40034 Parameter USDTE does not exist): kept for this session, never written.
		memory.rememberEstimate({loanCoin: 'USDTE', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		memory.rememberBorrow({loanCoin: 'USDT', pledgeCoin: 'ZZZ', daily: 'SEVEN', amountMode: 'pledge', pledgeAmount: '1', loanAmount: ''});
		expect(memory.estimate().loanCoin).toBe('USDTE');
		expect(memory.borrow().pledgeCoin).toBe('ZZZ');
		await memory.flush();
		const saved = await fileRecentInputs(file).load();
		expect(saved.estimate).toEqual({loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1'});
		expect(saved.borrow).toEqual({pledgeCoin: 'ETH'});
		expect(readFileSync(file, 'utf8')).not.toMatch(/USDTE|ZZZ/);
	});

	it("keeps the loan detail's safety margin and target LTV for the next run; a damaged value reads as the default", async () => {
		const directory = mkdtempSync(join(tmpdir(), 'loan-tui-memory-'));
		const file = join(directory, 'settings.json');
		const memory = createInputMemory(undefined, fileRecentInputs(file), 10_000);
		memory.setLoanTargets({safetyMargin: '0.1', targetLtv: '0.6'});
		await memory.flush();
		const loaded = await fileRecentInputs(file).load();
		expect(loaded.loanTargets).toEqual({safetyMargin: '0.1', targetLtv: '0.6'});
		expect(createInputMemory(loaded).loanTargets()).toEqual({safetyMargin: '0.1', targetLtv: '0.6'});
		// Back to the default: the entry goes.
		memory.setLoanTargets({targetLtv: '0.6'});
		await memory.flush();
		expect((await fileRecentInputs(file).load()).loanTargets).toEqual({targetLtv: '0.6'});
		// Hand-edited: a percentage where a fraction belongs is not a setting.
		writeFileSync(file, JSON.stringify({version: 1, loanTargets: {safetyMargin: '5', targetLtv: '0.55'}}), {mode: 0o600});
		expect((await fileRecentInputs(file).load()).loanTargets).toEqual({});
	});
});
