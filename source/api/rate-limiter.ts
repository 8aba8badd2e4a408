// Client-side limit of the reference's section 8: callers queue instead of meeting 429s.
// A sliding window (with a small margin for network jitter) never exceeds what the server counts per fixed second.

interface Waiter {
	resolve: () => void;
	reject: (reason: unknown) => void;
	signal?: AbortSignal;
	onAbort?: () => void;
}

export class RateLimiter {
	private readonly sentAt: number[] = [];
	private readonly queue: Waiter[] = [];
	private timer: NodeJS.Timeout | undefined;

	constructor(
		private readonly perWindow: number,
		private readonly windowMs = 1050,
		private readonly now: () => number = Date.now,
	) {}

	/** Resolves when a request may be sent; rejects with the signal's reason if aborted while queued. */
	acquire(signal?: AbortSignal): Promise<void> {
		if (signal?.aborted) return Promise.reject(signal.reason);
		return new Promise<void>((resolve, reject) => {
			const waiter: Waiter = {resolve, reject, signal};
			if (signal) {
				waiter.onAbort = () => {
					const index = this.queue.indexOf(waiter);
					if (index >= 0) this.queue.splice(index, 1);
					reject(signal.reason);
				};
				signal.addEventListener('abort', waiter.onAbort, {once: true});
			}
			this.queue.push(waiter);
			this.pump();
		});
	}

	get pending(): number {
		return this.queue.length;
	}

	private pump(): void {
		if (this.timer) return;
		const now = this.now();
		while (this.sentAt.length > 0 && this.sentAt[0]! <= now - this.windowMs) this.sentAt.shift();
		while (this.queue.length > 0 && this.sentAt.length < this.perWindow) {
			const waiter = this.queue.shift()!;
			if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
			this.sentAt.push(now);
			waiter.resolve();
		}
		if (this.queue.length > 0) {
			const wait = Math.max(1, this.sentAt[0]! + this.windowMs - now);
			this.timer = setTimeout(() => {
				this.timer = undefined;
				this.pump();
			}, wait);
		}
	}
}
