// Per-second limits of reference section 8, in fixed 1-second windows of the server clock.

export interface RateDecision {
	allowed: boolean;
	/** Requests left in this window after this one (the x-mbx-used-remain-limit header). */
	remaining: number;
}

export class RateLimiter {
	private readonly windows = new Map<string, {window: number; count: number}>();

	constructor(private readonly enforce: boolean) {}

	/** Counts one request for `key` (e.g. "symbols:ip:127.0.0.1"). When not enforcing, counts but always allows. */
	hit(key: string, limit: number, serverNow: number): RateDecision {
		const window = Math.floor(serverNow / 1000);
		let entry = this.windows.get(key);
		if (entry === undefined || entry.window !== window) {
			entry = {window, count: 0};
			this.windows.set(key, entry);
		}
		if (entry.count >= limit && this.enforce) return {allowed: false, remaining: 0};
		entry.count++;
		return {allowed: true, remaining: Math.max(0, limit - entry.count)};
	}

	/** Requests left without counting one (for answers given before the limiter is reached). */
	peek(key: string, limit: number, serverNow: number): number {
		const entry = this.windows.get(key);
		if (entry === undefined || entry.window !== Math.floor(serverNow / 1000)) return limit;
		return Math.max(0, limit - entry.count);
	}

	reset(): void {
		this.windows.clear();
	}
}
