// Sequential `symbols?symbol=X` requests on loopback, the simulator in its own process: loan-tui's client and the
// bitget-api SDK, alternately in repeated runs; TCP connections per session counted by the simulator.
import {RestClientV2} from 'bitget-api';
import {BitgetClient} from '../source/api/client.js';
import {add, addLimit, addRatio} from './report.js';
import {SimProcess} from './sim.js';

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];

export async function measureWire(runs: number, requests = 1000): Promise<void> {
	const sim = await SimProcess.start({rateLimits: false, compression: 'none'});
	const ours: number[] = [];
	const sdk: number[] = [];
	const connections: number[] = [];
	try {
		for (let i = -1; i < runs; i++) {
			// Client-side limits off for both: this measures the wire, not section 8.
			const client = new BitgetClient({baseUrl: sim.url, perSecond: {symbols: Number.POSITIVE_INFINITY}});
			const before = (await sim.stats()).connections;
			const oursMs = await elapsed(requests, (n) => client.symbols(SYMBOLS[n % SYMBOLS.length]));
			const used = (await sim.stats()).connections - before;
			await client.close();
			const sdkClient = new RestClientV2({baseUrl: sim.url, keepAlive: true});
			const sdkMs = await elapsed(requests, (n) => sdkClient.getSpotSymbolInfo({symbol: SYMBOLS[n % SYMBOLS.length]}));
			await sim.reset();
			if (i < 0) continue;
			ours.push(oursMs);
			sdk.push(sdkMs);
			connections.push(used);
		}
		const sdkFigure = add({metric: `wire: bitget-api SDK, ${requests} sequential symbols?symbol=X`, unit: 'ms', samples: sdk});
		addRatio(`wire: loan-tui client, the same ${requests} requests`, ours, sdkFigure);
		addLimit('wire: TCP connections per session of sequential requests', 'connections', connections, 1, Math.max(...connections));
	} finally {
		await sim.close();
	}
}

async function elapsed(count: number, call: (n: number) => Promise<unknown>): Promise<number> {
	const started = performance.now();
	for (let n = 0; n < count; n++) await call(n);
	return performance.now() - started;
}
