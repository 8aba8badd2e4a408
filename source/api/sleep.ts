/** Waits `ms`, or rejects with the signal's own reason as soon as it aborts (an InterruptedError stays one). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal!.reason);
		};
		signal?.addEventListener('abort', onAbort, {once: true});
	});
}

/** Settles when `waited` does (its result or failure ignored), or rejects with the signal's reason on abort. */
export function settledOrAborted(waited: Promise<unknown>, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const onAbort = () => reject(signal!.reason);
		signal?.addEventListener('abort', onAbort, {once: true});
		const done = () => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		};
		waited.then(done, done);
	});
}
