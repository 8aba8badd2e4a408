// A screen's first read, sent before the client exists. The client and undici load after the home menu's first frame
// (app/run.tsx), ~70 ms of code on Node 20; a screen opened before then asks for its read here, over Node's own
// http(s), and the client takes the answer as its own (client.ts attempt) instead of sending the same request again.
// The explorer's list then leaves with the key that opened it (bench/explorer.ts). Public reads only: nothing here is
// signed, and the headers are the client's unsigned ones (public-headers.ts).
import type {ClientRequest, IncomingHttpHeaders} from 'node:http';
import type {Readable} from 'node:stream';
import {OPERATIONS} from './types.js';

/** The reads a screen may ask for before the client exists: public GETs without a query. */
export type EarlyRead = 'symbols';

/** What the client reads of an answer (the fields it reads of undici's). */
interface EarlyAnswer {
	statusCode: number;
	headers: IncomingHttpHeaders;
	body: Readable;
}

/** An answer handed to the client: `cancel` ends it when the client stops waiting (its deadline, an abort). */
export interface TakenRead {
	answer: Promise<EarlyAnswer>;
	cancel(): void;
}

/** An answer not taken by then (its screen was left before the services came) is dropped with its connection. */
export const EARLY_READ_KEPT_MS = 10_000;

interface Pending {
	request: ClientRequest;
	answer: Promise<EarlyAnswer>;
	timer: NodeJS.Timeout;
}

export class EarlyReads {
	private readonly pending = new Map<string, Pending>();
	private closed = false;

	/** `origin`: the client's (checked, no trailing slash); `headers`: its unsigned ones. */
	constructor(
		private readonly origin: string,
		private readonly headers: Record<string, string>,
	) {}

	/** Sends the read unless it is already on its way; after close(), nothing. */
	ask(read: EarlyRead): void {
		const path = OPERATIONS[read].path;
		if (this.closed || this.pending.has(path)) return;
		const url = new URL(`${this.origin}${path}`);
		// Loaded now, at once: Node's http is not part of the first frame, and an import would wait behind the services'.
		const http = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
		let request!: ClientRequest;
		const answer = new Promise<EarlyAnswer>((resolve, reject) => {
			// One connection of its own, closed after the answer: the client's pool keeps its own.
			request = http.get(url, {headers: this.headers, agent: false}, (response) =>
				resolve({statusCode: response.statusCode ?? 0, headers: response.headers, body: response}),
			);
			request.on('error', reject);
		});
		// A failure is the taker's to see (the client then sends the read itself), or no one's.
		answer.catch(() => undefined);
		const timer = setTimeout(() => this.drop(path), EARLY_READ_KEPT_MS);
		timer.unref();
		this.pending.set(path, {request, answer, timer});
	}

	/** The read of GET `path` sent early, once: the first caller takes it, later ones are given undefined. */
	take(path: string): TakenRead | undefined {
		const pending = this.remove(path);
		return pending && {answer: pending.answer, cancel: () => pending.request.destroy()};
	}

	/** Ends every read not taken; nothing is asked afterwards (the app is ending). */
	close(): void {
		this.closed = true;
		for (const path of [...this.pending.keys()]) this.drop(path);
	}

	private drop(path: string): void {
		this.remove(path)?.request.destroy();
	}

	/** The read of `path` out of the pending ones, its timer stopped. */
	private remove(path: string): Pending | undefined {
		const pending = this.pending.get(path);
		if (!pending) return undefined;
		this.pending.delete(path);
		clearTimeout(pending.timer);
		return pending;
	}
}
