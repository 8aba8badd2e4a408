// Sequential `symbols?symbol=X` requests on loopback: loan-tui's client vs the bitget-api SDK, same simulator.
import {RestClientV2} from 'bitget-api';
import {BitgetClient} from '../source/api/client.js';
import {startSimulator} from '../source/simulator/index.js';

export interface WireResult {
	ours: number;
	sdk: number;
	ourConnections: number;
	sdkConnections: number;
}

export async function measureWire(requests = 3000): Promise<WireResult> {
	const simulator = await startSimulator({rateLimits: false, compression: 'none'});
	try {
		const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
		// Client-side limits off for both: this measures the wire, not section 8.
		const ours = new BitgetClient({baseUrl: simulator.url, perSecond: {symbols: Number.POSITIVE_INFINITY}});
		const before = simulator.connections;
		const oursRate = await rate(requests, (i) => ours.symbols(symbols[i % symbols.length]));
		const ourConnections = simulator.connections - before;
		await ours.close();

		const sdk = new RestClientV2({baseUrl: simulator.url, keepAlive: true});
		const sdkBefore = simulator.connections;
		const sdkRate = await rate(requests, (i) => sdk.getSpotSymbolInfo({symbol: symbols[i % symbols.length]}));
		const sdkConnections = simulator.connections - sdkBefore;
		return {ours: oursRate, sdk: sdkRate, ourConnections, sdkConnections};
	} finally {
		await simulator.close();
	}
}

async function rate(count: number, call: (i: number) => Promise<unknown>): Promise<number> {
	for (let i = 0; i < 200; i++) await call(i);
	const started = performance.now();
	for (let i = 0; i < count; i++) await call(i);
	return count / ((performance.now() - started) / 1000);
}
