// One WebSocket to the public ticker stream, behind the small interface the feed (operations/price-feed.ts) needs,
// so the feed's tests can hand it a socket of their own. The WebSocket is undici's: Node 20 has no global one (Node
// 22 has, and it is undici's too). It is loaded on the first connection only, never at start-up.
import type {WebSocket as UndiciWebSocket} from 'undici';

export interface TickerSocketEvents {
	onOpen(): void;
	/** A text message; a binary one arrives as '' (the protocol has none, so it reads as unreadable). */
	onMessage(text: string): void;
	/** Once, when the socket ends (or never opened): why, for the status line and the debug log. */
	onClose(reason: string): void;
}

export interface TickerSocket {
	/** Sends when open; otherwise does nothing (the feed sends only after onOpen). */
	send(text: string): void;
	/** Ends the socket; no event follows. */
	close(): void;
}

export type OpenTickerSocket = (url: string, events: TickerSocketEvents) => TickerSocket;

type WebSocketClass = typeof UndiciWebSocket;

async function loadWebSocket(): Promise<WebSocketClass> {
	const global = (globalThis as {WebSocket?: WebSocketClass}).WebSocket;
	if (global !== undefined) return global;
	// undici's WebSocket file alone: the bundle redirects `undici` itself to a Pool (scripts/build.mjs), and this file is
	// loaded only when a stream is opened.
	// @ts-expect-error undici publishes no types for its files, only for its index
	const module = (await import('undici/lib/web/websocket/websocket.js')) as {WebSocket?: WebSocketClass; default?: {WebSocket: WebSocketClass}};
	// A CommonJS file: Node names its exports, the bundle's chunk has them on its default export only.
	const WebSocket = module.default?.WebSocket ?? module.WebSocket;
	if (WebSocket === undefined) throw new Error("undici's WebSocket is not where it was");
	return WebSocket;
}

const OPEN = 1;

export const openTickerSocket: OpenTickerSocket = (url, events) => {
	let socket: InstanceType<WebSocketClass> | undefined;
	let finished = false;
	const finish = (reason: string) => {
		if (finished) return;
		finished = true;
		events.onClose(reason);
	};
	loadWebSocket().then(
		(WebSocket) => {
			if (finished) return;
			socket = new WebSocket(url);
			socket.binaryType = 'arraybuffer';
			socket.addEventListener('open', () => {
				if (!finished) events.onOpen();
			});
			socket.addEventListener('message', (event) => {
				if (!finished) events.onMessage(typeof event.data === 'string' ? event.data : '');
			});
			socket.addEventListener('close', (event) =>
				finish(event.code === 1006 ? 'the connection failed or broke' : `closed by the server (${event.code}${event.reason ? ` ${event.reason}` : ''})`),
			);
			// An error ends the socket too: Node 22's own WebSocket, refused at the upgrade (a non-101 answer), fires
			// 'error' and then never 'close', and stays CONNECTING; without this the feed would wait on it for ever.
			const failed = socket;
			socket.addEventListener('error', () => {
				finish('the connection failed or broke');
				try {
					failed.close();
				} catch {
					// Closing a socket that never opened may throw; it is dropped either way.
				}
			});
		},
		(error: unknown) => finish(`cannot load a WebSocket: ${error instanceof Error ? error.message : String(error)}`),
	);
	return {
		send(text) {
			if (!finished && socket?.readyState === OPEN) socket.send(text);
		},
		close() {
			finished = true;
			socket?.close();
		},
	};
};
