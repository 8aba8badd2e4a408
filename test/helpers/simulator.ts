import {afterAll, afterEach, beforeAll} from 'vitest';
import {BitgetClient, type ClientOptions} from '../../source/api/client.js';
import {startSimulator, type Simulator, type SimulatorOptions} from '../../source/simulator/index.js';

export const TEST_CREDENTIALS = {apiKey: 'bg_test_key_0123456789', secretKey: 'test-secret-key', passphrase: 'test-passphrase'};

/** TEST_CREDENTIALS as the BITGET_* variables a CLI run reads. */
export const TEST_CREDENTIAL_ENV = {
	BITGET_API_KEY: TEST_CREDENTIALS.apiKey,
	BITGET_SECRET_KEY: TEST_CREDENTIALS.secretKey,
	BITGET_PASSPHRASE: TEST_CREDENTIALS.passphrase,
};

/** One simulator for a describe block, reset after each test; clients made by `client()` are closed after each test. */
export function useSimulator(options: SimulatorOptions = {}) {
	const state = {} as {simulator: Simulator};
	const clients: BitgetClient[] = [];
	beforeAll(async () => {
		state.simulator = await startSimulator({accounts: [TEST_CREDENTIALS], ...options});
	});
	afterEach(async () => {
		await Promise.all(clients.splice(0).map((client) => client.close()));
		state.simulator.reset();
		state.simulator.setClockOffset(options.clockOffsetMs ?? 0);
		state.simulator.setAvailable(true);
	});
	afterAll(async () => {
		await state.simulator.close();
	});
	return {
		get simulator() {
			return state.simulator;
		},
		client(overrides: Partial<ClientOptions> = {}): BitgetClient {
			const client = new BitgetClient({baseUrl: state.simulator.url, credentials: TEST_CREDENTIALS, ...overrides});
			clients.push(client);
			return client;
		},
		/** The order ids of the demo's two ongoing loans (demoLoans: true), opened again with new ids after each reset:
		 * the calm BTC one and the ETH one near its margin call (seedDemo in source/simulator/loan-book.ts). */
		demoLoanIds(): {calm: string; tight: string} {
			const ongoing = state.simulator.loans.all.filter((loan) => loan.status === 'ongoing');
			const idOf = (pledgeCoin: string) => ongoing.find((loan) => loan.pledgeCoin === pledgeCoin)!.orderId;
			return {calm: idOf('BTC'), tight: idOf('ETH')};
		},
		posts() {
			return state.simulator.requests.filter((request) => request.method === 'POST');
		},
		// There is deliberately no "expect no request within N ms": a quiet window proves nothing on a loaded machine.
		// "Nothing was sent" is shown by the state that would have sent it (a review that did not go to "Sending" in the
		// frame of the key), by a later event that would have come after it (the next key handled, the exact list of
		// POSTs at the end), or on a faked clock (the debounce let pass, and the client never called).
	};
}

/** An address where nothing listens: a simulator started and closed again. */
export async function deadBaseUrl(): Promise<string> {
	const simulator = await startSimulator();
	await simulator.close();
	return simulator.url;
}
