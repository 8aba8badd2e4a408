// What the shell knows about money-moving POSTs in flight, so that an interruption is never silent: the first
// Ctrl+C (or SIGINT/SIGTERM/SIGHUP) while one is out aborts the wait (the client reports "outcome unknown", with the
// values sent) instead of quitting, and the way out says which outcomes stayed unknown. After a signal the app is
// closing: nothing more is posted.
import {InputError, InterruptedError} from '../../api/errors.js';

import type {MoneyOperation} from '../../state/money-record.js';

export type {MoneyOperation};

/** One POST being waited for. */
export interface MoneyFlight {
	signal: AbortSignal;
	/** The answer (or failure) is in, before it is shown: from now on a Ctrl+C has nothing to interrupt and quits. */
	answered(): void;
	/** The POST settled and its outcome was recorded; `unknown` says whether its outcome is unknown. */
	end(unknown: boolean): void;
}

export interface MoneyGuard {
	/** A POST is about to go out. Throws InputError once the app is closing (after a signal). */
	begin(operation: MoneyOperation): MoneyFlight;
	/** Ctrl+C or a signal: aborts every POST still waiting for its answer; true when there was one (then the app does
	 * not quit yet). */
	interrupt(signalName?: string): boolean;
	/** A signal arrived: no POST may start from now on. */
	close(): void;
	/** Resolves once no POST is in flight (outcomes recorded), or after `timeoutMs`. */
	settled(timeoutMs: number): Promise<void>;
	/** Operations interrupted while in flight whose outcome stayed unknown, for the message on the way out. */
	interruptedUnknown(): MoneyOperation[];
}

export function createMoneyGuard(): MoneyGuard {
	// A flight stays here until its outcome is recorded (settled() waits for that); `answered` flights are past
	// interrupting: once the outcome is on screen, the Ctrl+C a person presses next must quit.
	const flights = new Set<{controller: AbortController; operation: MoneyOperation; answered: boolean}>();
	const unknown: MoneyOperation[] = [];
	const waiters: Array<() => void> = [];
	let closed = false;
	const wake = () => {
		if (flights.size > 0) return;
		for (const resolve of waiters.splice(0)) resolve();
	};
	return {
		begin(operation) {
			if (closed) throw new InputError(`the app is closing: the ${operation} was not sent`);
			const flight = {controller: new AbortController(), operation, answered: false};
			flights.add(flight);
			return {
				signal: flight.controller.signal,
				answered() {
					flight.answered = true;
				},
				end(outcomeUnknown) {
					if (!flights.delete(flight)) return;
					if (outcomeUnknown && flight.controller.signal.aborted) unknown.push(operation);
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
		close() {
			closed = true;
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
		interruptedUnknown: () => [...unknown],
	};
}

/** "quitting: the outcome of the borrow is unknown", said on stderr once the terminal is restored. */
export function quittingLine(operations: readonly MoneyOperation[]): string | undefined {
	if (operations.length === 0) return undefined;
	const names = [...new Set(operations)].map((operation) => (operation === 'collateral' ? 'collateral change' : operation === 'repay' ? 'repayment' : operation));
	return `quitting: the outcome of the ${names.join(' and the ')} is unknown — check your loans (loan-tui loans) before trying again`;
}
