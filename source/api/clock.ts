// The server's clock as seen from here: signatures use local time + offset so a skewed local clock still signs
// timestamps the server accepts (it rejects anything more than 30 s off with 40008).
/** How far past this machine's estimate of the server's now a read "up to now" ends (ServerClock.upToNow). */
const UP_TO_NOW_MARGIN_MS = 5_000;

export class ServerClock {
	private offsetMs = 0;
	private synced = false;

	constructor(private readonly localNow: () => number = Date.now) {}

	now(): number {
		return this.localNow() + this.offsetMs;
	}

	/** Where a read of records "up to now" ends: a little past now(). The offset comes from a round trip (observe),
	 * so the server's now may be up to half of one ahead of now(), and a record it made just before the read must
	 * still fall inside (a slow round trip on a busy machine left a loan borrowed a moment before out of History). */
	upToNow(): number {
		return this.now() + UP_TO_NOW_MARGIN_MS;
	}

	get offset(): number {
		return this.offsetMs;
	}

	get isSynced(): boolean {
		return this.synced;
	}

	/** Learn the offset from a response: the server stamped it somewhere between send and receive. */
	observe(serverTime: number, sentAt: number, receivedAt: number): void {
		const midpoint = sentAt + (receivedAt - sentAt) / 2;
		this.offsetMs = Math.round(serverTime - midpoint);
		this.synced = true;
	}
}
