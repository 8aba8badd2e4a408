// A screen's first read sent before the client exists (api/early-reads.ts), and the client taking the answer as its
// own: against the simulator over loopback HTTP.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {contentCodings, unsupportedCoding} from '../../source/api/decode.js';
import {EARLY_READ_KEPT_MS, EarlyReads} from '../../source/api/early-reads.js';
import {TimeoutError} from '../../source/api/errors.js';
import {ACCEPT_ENCODING, publicHeaders, USER_AGENT} from '../../source/api/public-headers.js';
import {OPERATIONS} from '../../source/api/types.js';
import {untilReal} from '../helpers/clock.js';
import {useSimulator} from '../helpers/simulator.js';

const SYMBOLS = OPERATIONS.symbols.path;

describe('early reads', () => {
	const sim = useSimulator();
	const opened: EarlyReads[] = [];
	afterEach(() => {
		for (const reads of opened.splice(0)) reads.close();
		vi.useRealTimers();
	});
	const earlyReads = () => {
		const reads = new EarlyReads(sim.simulator.url, publicHeaders('de-DE', USER_AGENT));
		opened.push(reads);
		return reads;
	};
	const symbolRequests = () => sim.simulator.requests.filter((request) => request.operation === 'symbols');
	const atServer = (count: number) => untilReal(() => symbolRequests().length >= count, `${count} symbols request(s) at the server`);

	it('asks only for codings the client can undo', () => {
		expect(unsupportedCoding(contentCodings(ACCEPT_ENCODING))).toBeUndefined();
	});

	it("is the client's answer: one request for the list, sent with the client's unsigned headers and no credential", async () => {
		const reads = earlyReads();
		reads.ask('symbols');
		reads.ask('symbols');
		await atServer(1);
		const client = sim.client({early: reads, locale: 'de-DE', userAgent: USER_AGENT});
		const early = await client.symbolList();
		expect(symbolRequests()).toHaveLength(1);
		// Taken once: the next read of the list is the client's own, and the same list.
		const own = await client.symbolList();
		expect(own.records.map((record) => record.symbol)).toEqual(early.records.map((record) => record.symbol));
		const [sentEarly, sentByClient] = symbolRequests();
		const shared = (headers: Record<string, string>) => ({
			locale: headers.locale,
			'accept-encoding': headers['accept-encoding'],
			'user-agent': headers['user-agent'],
			'content-type': headers['content-type'],
		});
		expect(shared(sentEarly!.headers)).toEqual(shared(sentByClient!.headers));
		expect(sentEarly!.headers.locale).toBe('de-DE');
		expect(Object.keys(sentEarly!.headers).filter((name) => name.startsWith('access-'))).toEqual([]);
	});

	it('is sent again by the client when it failed', async () => {
		sim.simulator.injectFault({kind: 'reset-before-response', operation: 'symbols'});
		const reads = earlyReads();
		reads.ask('symbols');
		await atServer(1);
		const list = await sim.client({early: reads}).symbolList();
		expect(list.records.length).toBeGreaterThan(0);
		expect(symbolRequests().map((request) => request.fault)).toEqual(['reset-before-response', undefined]);
	});

	it("is the server's answer even when it refuses: a 429 is backed off and retried as the client's own would be", async () => {
		sim.simulator.injectFault({kind: 'rate-limit', operation: 'symbols'});
		const reads = earlyReads();
		reads.ask('symbols');
		await atServer(1);
		const list = await sim.client({early: reads}).symbolList();
		expect(list.records.length).toBeGreaterThan(0);
		expect(symbolRequests().map((request) => request.status)).toEqual([429, 200]);
	});

	it("ends with the client's deadline when its answer does not come", async () => {
		// The stall never answers: only the client's deadline ends the wait (the test's own timeout is the bound).
		sim.simulator.injectFault({kind: 'stall', operation: 'symbols'});
		const reads = earlyReads();
		reads.ask('symbols');
		await atServer(1);
		const error = await sim
			.client({early: reads, getTimeoutMs: 400})
			.symbolList()
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(TimeoutError);
		// The early connection was ended with the wait: the simulator sees it close.
		await untilReal(() => sim.simulator.openConnections === 0, 'the early connection closed');
	});

	it('drops a read no one took, and asks nothing once closed', async () => {
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		const reads = earlyReads();
		reads.ask('symbols');
		vi.advanceTimersByTime(EARLY_READ_KEPT_MS);
		expect(reads.take(SYMBOLS)).toBeUndefined();

		reads.ask('symbols');
		reads.close();
		expect(reads.take(SYMBOLS)).toBeUndefined();
		reads.ask('symbols');
		expect(reads.take(SYMBOLS)).toBeUndefined();
	});
});
