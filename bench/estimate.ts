// Requests the estimate screen sends while an 8-character amount is typed at human speed and pasted.
import {startSimulator} from '../source/simulator/index.js';
import {APP, Pty} from './pty.js';

export interface EstimateResult {
	humanRequests: number;
	humanRounds: number;
	pasteRequests: number;
	pasteRounds: number;
}

const AMOUNT = '12345.67';
const HUMAN_INTERVAL_MS = 150;

export async function measureEstimate(): Promise<EstimateResult> {
	const simulator = await startSimulator({rateLimits: false});
	try {
		const type = async (intervalMs: number) => {
			const pty = new Pty(`${APP} --base-url ${simulator.url}`);
			await pty.waitFor((text) => text.includes('? this help'));
			pty.write('\u001B[B');
			await pause(50);
			pty.write('\r');
			await pty.waitFor((text) => text.includes('Loan coin'));
			for (const key of ['USDT', '\r', 'BTC', '\r', '\r']) {
				pty.write(key);
				await pause(60);
			}
			simulator.reset();
			if (intervalMs === 0) pty.write(AMOUNT);
			else for (const char of AMOUNT) {
				pty.write(char);
				await pause(intervalMs);
			}
			await pty.waitFor((text) => /Annualised rate\s+\d/.test(text), 0);
			await pause(600);
			await pty.quit();
			const requests = simulator.requests.filter((request) => request.operation === 'estimate');
			const rounds = new Set(requests.map((request) => new URLSearchParams(request.query).get('pledgeAmount'))).size;
			return {requests: requests.length, rounds};
		};
		const human = await type(HUMAN_INTERVAL_MS);
		const paste = await type(0);
		return {humanRequests: human.requests, humanRounds: human.rounds, pasteRequests: paste.requests, pasteRounds: paste.rounds};
	} finally {
		await simulator.close();
	}
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
