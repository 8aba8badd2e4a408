// A money-moving POST on the command line: Ctrl+C, SIGTERM or SIGHUP while it is out must not end the process
// silently. The signal interrupts the wait, the client reports "outcome unknown" with the values sent (the request
// may have reached the server), and the run exits 3. Nothing more is posted. Any money command wraps its one
// call in this: borrow today, repay and revise-pledge the same way.
import {InterruptedError} from '../api/errors.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function withInterrupts<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
	const controller = new AbortController();
	const onSignal = (signal: NodeJS.Signals) => {
		if (!controller.signal.aborted) controller.abort(new InterruptedError(signal));
	};
	for (const signal of SIGNALS) process.on(signal, onSignal);
	try {
		return await call(controller.signal);
	} finally {
		// After an interruption the handlers stay (doing nothing more), so a second Ctrl+C cannot cut the report
		// short; they hold no handle open, so the process still ends when the report is written.
		if (!controller.signal.aborted) for (const signal of SIGNALS) process.off(signal, onSignal);
	}
}
