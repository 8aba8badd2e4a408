// What a run knows about its money POSTs, so that an interruption is never silent and nothing is posted once the run
// is closing. One guard per run (the CLI's process, the app's session); the pipeline (money-pipeline.ts) holds a
// flight from before its first read to its last record.
// - interrupt(): Ctrl+C in the app. Aborts every flight whose answer is not in yet (the client then reports "outcome
//   unknown" with the values sent); true when there was one, so the app does not quit on that key.
// - close(): a signal, or quitting. Nothing may start from now on, and every flight is aborted in whatever phase it is
//   (a check after an unknown outcome stops and records what it learned).
// - outcomes(): every outcome that stayed unknown this run, with what its check found, for the words on the way out.
import {InputError, InterruptedError} from '../api/errors.js';
import type {MoneyOperation} from '../state/money-journal.js';

/** An outcome that stayed unknown, as the way out tells it. */
export interface UnknownOutcome {
	operation: MoneyOperation;
	/** The body's fields as sent. */
	values: Record<string, string>;
	orderId?: string;
	/** What the check found, in words, when it ran. */
	finding?: {status: string; message: string};
}

export interface MoneyFlight {
	/** Aborted by interrupt() (until answered) and by close(). */
	signal: AbortSignal;
	/** The answer (or failure) is in: from now on interrupt() has nothing to interrupt here, and Ctrl+C quits. */
	answered(): void;
	/** The pipeline is over (outcome recorded, check done); `unknown` when its outcome stayed unknown. */
	end(unknown?: UnknownOutcome): void;
}

export interface MoneyGuard {
	/** A POST is about to be prepared. Throws InputError once the run is closing: nothing may be sent then. */
	begin(operation: MoneyOperation): MoneyFlight;
	interrupt(signalName?: string): boolean;
	close(signalName?: string): void;
	readonly closed: boolean;
	/** Resolves once no flight is left, or after `timeoutMs`. */
	settled(timeoutMs: number): Promise<void>;
	outcomes(): UnknownOutcome[];
}

export function createMoneyGuard(): MoneyGuard {
	const flights = new Set<{controller: AbortController; answered: boolean}>();
	const unknown: UnknownOutcome[] = [];
	const waiters: Array<() => void> = [];
	let closed = false;
	const wake = () => {
		if (flights.size > 0) return;
		for (const resolve of waiters.splice(0)) resolve();
	};
	return {
		begin(operation) {
			if (closed) throw new InputError(`the app is closing: the ${operation === 'collateral' ? 'collateral change' : operation} was not sent`);
			const flight = {controller: new AbortController(), answered: false};
			flights.add(flight);
			return {
				signal: flight.controller.signal,
				answered() {
					flight.answered = true;
				},
				end(outcome) {
					if (!flights.delete(flight)) return;
					if (outcome) unknown.push(outcome);
					wake();
				},
			};
		},
		interrupt(signalName) {
			let any = false;
			for (const {controller, answered} of flights) {
				if (answered || controller.signal.aborted) continue;
				controller.abort(new InterruptedError(signalName));
				any = true;
			}
			return any;
		},
		close(signalName) {
			closed = true;
			for (const {controller} of flights) if (!controller.signal.aborted) controller.abort(new InterruptedError(signalName));
		},
		get closed() {
			return closed;
		},
		settled(timeoutMs) {
			if (flights.size === 0) return Promise.resolve();
			return new Promise((resolve) => {
				const timer = setTimeout(resolve, timeoutMs);
				waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		},
		outcomes: () => [...unknown],
	};
}
