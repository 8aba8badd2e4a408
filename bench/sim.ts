// The bench's handle on the simulator process (sim-process.ts).
import {fileURLToPath} from 'node:url';
import {DEMO_CREDENTIALS, type SimulatorOptions} from '../source/simulator/index.js';
import {spawnGroup} from './processes.js';

/** The simulator's demo account as the app and its commands read credentials from the environment. */
export const DEMO_CREDENTIAL_ENV = {
	BITGET_API_KEY: DEMO_CREDENTIALS.apiKey,
	BITGET_SECRET_KEY: DEMO_CREDENTIALS.secretKey,
	BITGET_PASSPHRASE: DEMO_CREDENTIALS.passphrase,
};

export interface SimStats {
	connections: number;
	requests: Array<{operation: string; query: string; at: number}>;
}

export class SimProcess {
	private nextId = 0;
	private readonly pending = new Map<number, (reply: unknown) => void>();

	private constructor(
		private readonly child: ReturnType<typeof spawnGroup>,
		readonly url: string,
	) {
		child.on('message', (message: {id?: number}) => {
			if (message.id !== undefined) this.pending.get(message.id)?.(message);
		});
	}

	static async start(options: SimulatorOptions): Promise<SimProcess> {
		const script = fileURLToPath(new URL('./sim-process.mjs', import.meta.url));
		const child = spawnGroup(process.execPath, [script, JSON.stringify(options)], {stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: process.env});
		const url = await new Promise<string>((resolve, reject) => {
			child.once('message', (message: {ready?: string}) => (message.ready ? resolve(message.ready) : reject(new Error('simulator did not start'))));
			void child.exited.then((code) => reject(new Error(`simulator exited ${code}`)));
		});
		return new SimProcess(child, url);
	}

	private call<T>(command: object): Promise<T> {
		const id = this.nextId++;
		return new Promise((resolve) => {
			this.pending.set(id, (reply) => {
				this.pending.delete(id);
				resolve(reply as T);
			});
			this.child.send({...command, id});
		});
	}

	/** The pairs subscribed to on the ticker stream so far. */
	async subscribed(): Promise<string[]> {
		return (await this.call<{instIds: string[]}>({cmd: 'subscribed'})).instIds;
	}

	/** Moves a coin's price; resolves with when the stream was written to (performance.timeOrigin-based ms). */
	async setPrice(coin: string, price: string): Promise<number> {
		return (await this.call<{at: number}>({cmd: 'set-price', coin, price})).at;
	}

	stats(): Promise<SimStats> {
		return this.call({cmd: 'stats'});
	}

	reset(): Promise<void> {
		return this.call({cmd: 'reset'});
	}

	/** The next `times` symbol-list requests are answered only after `ms`. */
	stallSymbols(ms: number, times = 1): Promise<void> {
		return this.call({cmd: 'stall', ms, times});
	}

	clearFaults(): Promise<void> {
		return this.call({cmd: 'clear-faults'});
	}

	async close(): Promise<void> {
		if (this.child.connected) this.child.disconnect();
		const timer = setTimeout(() => this.child.killGroup(), 3000);
		await this.child.exited;
		clearTimeout(timer);
	}
}
