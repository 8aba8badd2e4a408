// The server's clock as seen from here: signatures use local time + offset so a skewed local clock still signs
// timestamps the server accepts (it rejects anything more than 30 s off with 40008).
export class ServerClock {
	private offsetMs = 0;
	private synced = false;

	constructor(private readonly localNow: () => number = Date.now) {}

	now(): number {
		return this.localNow() + this.offsetMs;
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
