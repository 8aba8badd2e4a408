// The simulator in a process of its own (started by sim.ts), so that serving 100k pairs never shares an event
// loop with what is measured. Commands arrive over the IPC channel; it closes when the channel does.
import {startSimulator, type SimulatorOptions} from '../source/simulator/index.js';

type Command = {id: number} & (
	| {cmd: 'stats'}
	| {cmd: 'reset'}
	| {cmd: 'stall'; ms: number; times: number}
	| {cmd: 'clear-faults'}
	| {cmd: 'subscribed'}
	| {cmd: 'set-price'; coin: string; price: string}
);

const simulator = await startSimulator(JSON.parse(process.argv[2] ?? '{}') as SimulatorOptions);
process.send!({ready: simulator.url});
process.on('message', (message: Command) => {
	switch (message.cmd) {
		case 'stats':
			process.send!({
				id: message.id,
				connections: simulator.connections,
				requests: simulator.requests.map((request) => ({operation: request.operation, query: request.query, at: request.at})),
			});
			return;
		case 'subscribed':
			process.send!({
				id: message.id,
				instIds: simulator.tickerStream.subscriptions.filter((record) => record.op === 'subscribe').map((record) => record.instId),
			});
			return;
		case 'set-price':
			// The ticker stream writes the new price to its subscribers within setPrice; `at` is when that was done, on
			// the clock every process of this machine shares (performance.timeOrigin + now).
			simulator.setPrice(message.coin, message.price);
			process.send!({id: message.id, at: performance.timeOrigin + performance.now()});
			return;
		case 'reset':
			simulator.reset();
			break;
		case 'stall':
			simulator.injectFault({kind: 'stall', operation: 'symbols', stallMs: message.ms, times: message.times});
			break;
		case 'clear-faults':
			simulator.clearFaults();
			break;
	}
	process.send!({id: message.id});
});
process.on('disconnect', () => {
	void simulator.close().then(() => process.exit(0));
});
