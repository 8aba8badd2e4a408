// The one keypress layer. Ink reads stdin and hands us what it read; we split it into single keys and pastes
// (key-reader.ts) and give each, in order, to the one handler. Nothing else in the app listens to stdin: there is
// no widget with its own useInput, so every key has exactly one owner.
//
// A burst (`↓↓⏎` in one read) must not be applied to a stale render: React batches the updates a handler makes
// and commits them later, so a second key handled at once would read the selection from before the first. So
// keys wait in a queue: one is handled, then this component's own counter is bumped in the same batch, and only
// when that batch has been committed (our layout effect runs) is the next key handled, by then with the handlers
// of the new render. Tested by test/app/bursts.test.tsx and test/terminal/bursts.test.ts.
import {useEffect, useLayoutEffect, useRef, useState} from 'react';
import {useStdin} from 'ink';
import {createKeyReader, type KeyEvent} from './key-reader.js';
import {takeNext, type KeyHold} from './key-queue.js';

/** A key and the read it came in (see `read` below). */
type Queued = KeyEvent & {read: number};

/** Input emitters (one per Ink instance) that already have their owner: a second is a bug. */
const owned = new WeakSet<object>();

/**
 * `hold`: whether keys wait in the queue now (key-queue.ts), asked again before every key so it sees the screen
 * that the previous key opened: the shell holds them while the top screen's code or services are still arriving,
 * or while the screen says it is loading, so a burst that opens a screen and acts on it reaches that screen ready.
 * Ctrl+C (and, while loading, Esc) still goes through. The layer re-renders with the shell, and then looks again.
 */
export function KeypressLayer({onEvent, hold}: {onEvent: (event: KeyEvent, read: number) => void; hold: () => KeyHold}) {
	const {internal_eventEmitter: events, setRawMode, isRawModeSupported} = useStdin();
	const latest = useRef(onEvent);
	latest.current = onEvent;
	const queue = useRef<Queued[]>([]);
	/** A key was handled and the commit of what it changed has not happened yet. */
	const awaitingCommit = useRef(false);
	const [handled, setHandled] = useState(0);
	const holdNow = useRef(hold);
	holdNow.current = hold;
	const held = hold();

	const handleNext = useRef(() => {
		if (awaitingCommit.current) return;
		const {event, rest} = takeNext(queue.current, holdNow.current());
		if (!event) return;
		queue.current = rest;
		awaitingCommit.current = true;
		setHandled((count) => count + 1);
		const {read, ...key} = event;
		latest.current(key as KeyEvent, read);
	});

	useLayoutEffect(() => {
		if (!awaitingCommit.current) return;
		awaitingCommit.current = false;
		// Outside the commit: handling the next key here would nest renders (React stops after 50 of them).
		if (queue.current.length > 0) setImmediate(handleNext.current);
	}, [handled]);

	useEffect(() => {
		if (queue.current.length > 0) setImmediate(handleNext.current);
	}, [held]);

	useEffect(() => {
		if (owned.has(events)) throw new Error('KeypressLayer: a second keypress owner; route keys through the app shell instead');
		owned.add(events);
		if (isRawModeSupported) setRawMode(true);
		const reader = createKeyReader();
		let flushTimer: NodeJS.Immediate | undefined;
		// Which read of the terminal a key came in, so the shell can tell keys typed together (seven Escs in one write)
		// from a key typed after a frame was seen. Ink hands one read over as several inputs in the same turn, and a
		// trailing ESC a turn later; so a read is every input until two turns pass without one.
		let read = 0;
		let readOpen = false;
		let readTimer: NodeJS.Immediate | undefined;
		const closeReadLater = () => {
			if (readTimer) clearImmediate(readTimer);
			readTimer = setImmediate(() => {
				readTimer = setImmediate(() => {
					readTimer = undefined;
					readOpen = false;
				});
			});
		};
		const enqueue = (list: KeyEvent[], from: number) => {
			queue.current.push(...list.map((event) => ({...event, read: from})));
			handleNext.current();
		};
		const onInput = (data: string) => {
			if (!readOpen) read += 1;
			readOpen = true;
			closeReadLater();
			const from = read;
			if (flushTimer) clearImmediate(flushTimer);
			flushTimer = undefined;
			enqueue(reader.push(data), from);
			// A lone ESC may be the Escape key or the start of a sequence cut by the read: decide once nothing follows.
			if (reader.pending()) flushTimer = setImmediate(() => enqueue(reader.flush(), from));
		};
		events.on('input', onInput);
		return () => {
			owned.delete(events);
			if (flushTimer) clearImmediate(flushTimer);
			if (readTimer) clearImmediate(readTimer);
			events.removeListener('input', onInput);
			if (isRawModeSupported) setRawMode(false);
		};
	}, [events, setRawMode, isRawModeSupported]);

	return null;
}
