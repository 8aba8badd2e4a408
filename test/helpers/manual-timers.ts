// Timers a test moves by hand, for code that takes its timers injected (operations/price-feed.ts): nothing fires
// until advance() passes its time, so a test never waits on the wall clock nor counts ticks of a real timer.
import type {FeedTimers} from '../../source/operations/price-feed.js';

interface Pending {
	at: number;
	ms: number;
	callback: () => void;
}

export class ManualTimers implements FeedTimers {
	/** The fake clock, ms. */
	now = 0;
	private nextId = 1;
	private readonly pending = new Map<number, Pending>();

	setTimeout = (callback: () => void, ms: number): unknown => {
		const id = this.nextId++;
		this.pending.set(id, {at: this.now + ms, ms, callback});
		return id;
	};

	clearTimeout = (handle: unknown): void => {
		this.pending.delete(handle as number);
	};

	/** The delays of the timers waiting now, as they were set, shortest first. */
	delays(): number[] {
		return [...this.pending.values()].map((timer) => timer.ms).sort((a, b) => a - b);
	}

	get size(): number {
		return this.pending.size;
	}

	/** Moves the clock by `ms`, running every timer due on the way in order (timers they set included). */
	advance(ms: number): void {
		const end = this.now + ms;
		for (;;) {
			let due: [number, Pending] | undefined;
			for (const entry of this.pending) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
			if (due === undefined) break;
			this.pending.delete(due[0]);
			this.now = due[1].at;
			due[1].callback();
		}
		this.now = end;
	}
}
