// The check after a money POST whose outcome is unknown: read the loans again (observe.ts) until a finding settles the
// question (loans/evidence.ts) or the time is up. The bound covers reads in flight: when it passes, they are
// abandoned and the last complete finding stands. An interruption (Ctrl+C, a signal) ends the check the same way.
import {LoanTuiError} from '../api/errors.js';
import {sleep} from '../api/sleep.js';
import {matchOutcome, type Finding, type Observation, type SentRequest} from '../loans/evidence.js';

/** Pause between reads; each read is two or three GETs, far inside the 10/s limits. */
const CHECK_INTERVAL_MS = 2_000;

export interface CheckResult extends Finding {
	/** Reads that finished. */
	tries: number;
	elapsedMs: number;
	/** Ended by the time bound before a finding settled it. */
	timedOut: boolean;
	/** Ended by Ctrl+C or a signal. */
	interrupted: boolean;
}

export interface CheckOptions {
	/** The whole time: reads in flight included. 0 reads once (bounded by the client's own deadline). */
	totalMs: number;
	intervalMs?: number;
	signal?: AbortSignal;
	/** After each read, what it found. */
	onFinding?: (finding: Finding) => void;
	now?: () => number;
}

export async function checkOutcome(sent: SentRequest, observe: (signal: AbortSignal) => Promise<Observation>, options: CheckOptions): Promise<CheckResult> {
	const now = options.now ?? Date.now;
	const started = now();
	const bound = new AbortController();
	const timer = options.totalMs > 0 ? setTimeout(() => bound.abort(new BoundReached()), options.totalMs) : undefined;
	const signal = options.signal ? AbortSignal.any([bound.signal, options.signal]) : bound.signal;
	let tries = 0;
	let last: Finding | undefined;
	const result = (timedOut: boolean, interrupted: boolean): CheckResult => {
		const elapsedMs = now() - started;
		const finding = last ?? {
			status: 'unchecked',
			settled: false,
			reads: [],
			message: interrupted ? 'interrupted before the first read finished' : `no read finished within ${Math.round(options.totalMs / 1000)} s`,
		};
		return {...finding, tries, elapsedMs, timedOut, interrupted};
	};
	try {
		for (;;) {
			last = matchOutcome(sent, await observe(signal));
			tries++;
			options.onFinding?.(last);
			if (last.settled) return result(false, false);
			const left = options.totalMs - (now() - started);
			if (left <= 0) return result(true, false);
			await sleep(Math.min(options.intervalMs ?? CHECK_INTERVAL_MS, left), signal);
		}
	} catch (error) {
		if (options.signal?.aborted) return result(false, true);
		if (bound.signal.aborted) return result(true, false);
		throw error;
	} finally {
		clearTimeout(timer);
	}
}

class BoundReached extends LoanTuiError {
	readonly kind = 'timeout';
	readonly hint = '';
	constructor() {
		super('the check reached its time bound');
	}
}
