// Where `loan-tui watch` says an alert: stdout always (a line, or NDJSON under --json), then as asked the terminal
// bell, a desktop notification, a command (--exec) and a webhook (--webhook). A channel that fails is reported on
// stderr and never retried in a loop; none can hold up the next read (each has its own deadline).
//
// A slow command or receiver must not pile up: per loan (or, for the watch's own blindness and sight, per what it
// cannot see) each of the notification, --exec and the webhook has at most one delivery in flight. Alerts that come
// meanwhile are folded: only the latest is delivered when the running one ends (it is the loan's state now), and
// stderr says how many were folded. stdout and the bell still get every alert.
import {spawn} from 'node:child_process';
import {eventJson, eventLine, eventText} from '../../operations/watch-words.js';
import type {WatchEvent} from '../../operations/watch.js';
import type {Environment} from '../../runtime/config.js';
import {UsageError} from '../../runtime/exit-codes.js';
import {safeJson, type Output} from '../../runtime/output.js';
import {isLoopbackHost} from '../../api/transport.js';

/** How long a webhook may take before it is given up: the issue of a slow receiver, not of the watch. */
const WEBHOOK_DEADLINE_MS = 5000;
/** How long a notification or an --exec command may run before it is stopped. */
const CHILD_DEADLINE_MS = 30_000;

export interface ChannelOptions {
	out: Output;
	bell: boolean;
	notify: boolean;
	exec?: string;
	webhook?: string;
	/** The environment of --exec and the notifier (runtime/config.ts: without the credentials). */
	env: Environment;
	platform?: NodeJS.Platform;
	/** In place of spawning a child (tests: a slow command that ends when told). */
	runChild?: typeof runChild;
	/** In place of the POST (tests). */
	postWebhook?: typeof postWebhook;
}

export interface Channels {
	send(event: WatchEvent): void;
	/** Waits for what is still running (a webhook, a command), within their deadlines. */
	settle(): Promise<void>;
}

export function openChannels(options: ChannelOptions): Channels {
	const {out} = options;
	const running = new Set<Promise<void>>();
	const track = (work: Promise<void>) => {
		running.add(work);
		void work.finally(() => running.delete(work));
	};
	const warn = (line: string) => out.stderr.write(`loan-tui: ${line}\n`);
	const notifier = options.notify ? notifierFor(options.platform ?? process.platform) : undefined;
	if (options.notify && notifier === undefined) warn('desktop notifications are not available on this system (--notify is ignored)');
	let notifierMissing = false;
	const run = options.runChild ?? runChild;
	const post = options.postWebhook ?? postWebhook;
	const lane = (channel: string, deliver: (event: WatchEvent) => Promise<void>) => foldingLane(channel, deliver, track, warn);

	const notify = notifier
		? lane('the desktop notification', async (event) => {
				if (notifierMissing) return;
				const result = await run(notifier.command, notifier.args('loan-tui', eventText(event)), options.env);
				// Alerts sent together all find it missing: said once.
				if (result.kind === 'missing' && !notifierMissing) {
					notifierMissing = true;
					warn(`desktop notifications need ${notifier.command}, which is not installed (said once; alerts still go to the other channels)`);
				}
			})
		: undefined;
	const command = options.exec;
	const exec =
		command === undefined
			? undefined
			: lane('--exec', async (event) => {
					const result = await run('sh', ['-c', command], {...options.env, ...eventEnvironment(event)}, out.stderr);
					if (result.kind !== 'ok')
						warn(
							`--exec ${result.kind === 'failed' ? `exited with ${result.code}` : result.kind === 'timeout' ? 'was stopped after 30 s' : 'could not start'} for the alert "${eventText(event)}" (not retried)`,
						);
				});
	const url = options.webhook;
	const webhook =
		url === undefined
			? undefined
			: lane('the webhook', async (event) => {
					const problem = await post(url, eventJson(event));
					if (problem !== undefined) warn(`the webhook did not take the alert (${problem}; not retried)`);
				});

	return {
		send(event) {
			out.stdout.write(out.json ? `${safeJson(eventJson(event))}\n` : `${eventLine(event)}\n`);
			if (options.bell) out.stderr.write('\u0007');
			if (!notifierMissing) notify?.(event);
			exec?.(event);
			webhook?.(event);
		},
		async settle() {
			// A delivery that ends starts the folded one after it: wait until none is left (each within its deadline).
			while (running.size > 0) await Promise.all([...running]);
		},
	};
}

/** https, or plain http to this machine: an alert says which loan is at risk, and no one else should read it. */
export function webhookFlag(text: string | undefined): string | undefined {
	if (text === undefined) return undefined;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new UsageError('--webhook must be a URL, like https://ntfy.sh/my-topic');
	}
	if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url.href;
	throw new UsageError('--webhook must be an https:// URL (plain http only to this machine)');
}

/** What a lane is for: one loan (its levels and top-ups; its --warn-chance alerts apart, so neither folds the other
 * away), or the watch's sight of the loans or the prices. */
function laneKey(event: WatchEvent): string {
	if (event.orderId === undefined) return `the ${event.what ?? event.kind}`;
	return event.kind === 'chance' ? `the chance of loan ${event.orderId}` : `loan ${event.orderId}`;
}

/** One channel's deliveries: one in flight per lane; what comes meanwhile is folded into the latest, which follows. */
function foldingLane(
	channel: string,
	deliver: (event: WatchEvent) => Promise<void>,
	track: (work: Promise<void>) => void,
	warn: (line: string) => void,
): (event: WatchEvent) => void {
	const lanes = new Map<string, {next?: WatchEvent; folded: number}>();
	const start = (key: string, event: WatchEvent) => {
		const lane: {next?: WatchEvent; folded: number} = {folded: 0};
		lanes.set(key, lane);
		track(
			deliver(event)
				.catch(() => undefined)
				.finally(() => {
					lanes.delete(key);
					if (lane.next === undefined) return;
					if (lane.folded > 0)
						warn(
							`${lane.folded} alert${lane.folded === 1 ? '' : 's'} for ${key} ${lane.folded === 1 ? 'was' : 'were'} folded into the latest while ${channel} was still running`,
						);
					start(key, lane.next);
				}),
		);
	};
	return (event) => {
		const key = laneKey(event);
		const lane = lanes.get(key);
		if (lane === undefined) return start(key, event);
		if (lane.next !== undefined) lane.folded++;
		lane.next = event;
	};
}

/** The event for --exec: LOAN_TUI_EVENT_KIND, _ORDER_ID, _LEVEL, … and the whole of it as LOAN_TUI_EVENT_JSON. */
function eventEnvironment(event: WatchEvent): Record<string, string> {
	const json = eventJson(event);
	const name = (key: string) => `LOAN_TUI_EVENT_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
	const variables: Record<string, string> = {LOAN_TUI_EVENT_JSON: JSON.stringify(json)};
	for (const [key, value] of Object.entries(json)) if (value !== null && value !== undefined) variables[name(key)] = String(value);
	return variables;
}

interface Notifier {
	command: string;
	args(title: string, text: string): string[];
}

function notifierFor(platform: NodeJS.Platform): Notifier | undefined {
	if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') return {command: 'notify-send', args: (title, text) => [title, text]};
	// The text goes to AppleScript as an argument (never spliced into the script).
	if (platform === 'darwin')
		return {
			command: 'osascript',
			args: (title, text) => ['-e', 'on run argv', '-e', 'display notification (item 2 of argv) with title (item 1 of argv)', '-e', 'end run', title, text],
		};
	return undefined;
}

export type ChildResult = {kind: 'ok'} | {kind: 'failed'; code: number | null} | {kind: 'timeout'} | {kind: 'missing'};

function runChild(command: string, args: string[], env: Environment, output?: NodeJS.WritableStream): Promise<ChildResult> {
	return new Promise((resolve) => {
		const child = spawn(command, args, {env: env as NodeJS.ProcessEnv, stdio: ['ignore', output ? 'pipe' : 'ignore', output ? 'pipe' : 'ignore']});
		// What the command prints goes to stderr: stdout is the alerts' (NDJSON under --json).
		if (output) {
			child.stdout?.on('data', (chunk: Buffer) => output.write(chunk));
			child.stderr?.on('data', (chunk: Buffer) => output.write(chunk));
		}
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			resolve({kind: 'timeout'});
		}, CHILD_DEADLINE_MS);
		timer.unref();
		child.on('error', (error: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			resolve(error.code === 'ENOENT' ? {kind: 'missing'} : {kind: 'failed', code: null});
		});
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve(code === 0 ? {kind: 'ok'} : {kind: 'failed', code});
		});
	});
}

/** POSTs the alert; the problem in words, or undefined when the receiver answered 2xx. */
async function postWebhook(url: string, body: Record<string, unknown>): Promise<string | undefined> {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: {'content-type': 'application/json', 'user-agent': 'loan-tui watch'},
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(WEBHOOK_DEADLINE_MS),
			redirect: 'error',
		});
		await response.body?.cancel();
		return response.ok ? undefined : `HTTP ${response.status}`;
	} catch (error) {
		const name = (error as Error).name;
		if (name === 'TimeoutError' || name === 'AbortError') return 'no answer within 5 s';
		// The cause's code only: the message could quote the URL, which may hold a token.
		const code = (error as {cause?: {code?: unknown}}).cause?.code;
		return typeof code === 'string' ? `could not connect: ${code}` : 'could not connect';
	}
}
