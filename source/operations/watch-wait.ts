// The wait between two reads of `loan-tui watch` (operations/watch-session.ts): the interval on the monotonic clock,
// cut short when the wall clock moved much further than it (the machine slept, or the clock was set: the next read is
// at once), by a read asked for (`wake`: SIGUSR1 in the command) or by the stop.

/** How often the wait looks at the wall clock. */
const WAKE_CHECK_MS = 5000;

/**
 * Until `intervalMs` has passed on the monotonic clock, or the wall clock has moved much further than it (the machine
 * slept, or the clock was set): then at once. SIGUSR1 (`wake`) and the stop signal end it early.
 */
export function waitForNextRead(intervalMs: number, signal: AbortSignal, setWake: (wake: () => void) => void): Promise<void> {
	return new Promise((resolve) => {
		const started = performance.now();
		let mono = started;
		let wall = Date.now();
		let timer: NodeJS.Timeout | undefined;
		const done = () => {
			clearTimeout(timer);
			signal.removeEventListener('abort', done);
			setWake(() => undefined);
			resolve();
		};
		const check = () => {
			const monoNow = performance.now();
			const wallNow = Date.now();
			// A late timer (a busy machine) moves both clocks alike; a sleep or a clock change moves only the wall clock.
			const jumped = Math.abs(wallNow - wall - (monoNow - mono)) > WAKE_CHECK_MS;
			mono = monoNow;
			wall = wallNow;
			const elapsed = monoNow - started;
			if (elapsed >= intervalMs || jumped) return done();
			timer = setTimeout(check, Math.min(WAKE_CHECK_MS, intervalMs - elapsed));
		};
		signal.addEventListener('abort', done, {once: true});
		setWake(done);
		timer = setTimeout(check, Math.min(WAKE_CHECK_MS, intervalMs));
	});
}

/**
 * The wait before the next read: the interval (or the slowed-down wait after a 429, which stands), cut short when a
 * reminder falls due sooner, since a reminder needs a read to say the level still holds. Never shorter than
 * `minimumMs` (the shortest interval a person may ask for).
 */
export function waitBeforeRead(waitMs: number, intervalMs: number, minimumMs: number, reminderDue: number | undefined, now: number): number {
	if (reminderDue === undefined || waitMs > intervalMs) return waitMs;
	return Math.min(waitMs, Math.max(minimumMs, reminderDue - now));
}
