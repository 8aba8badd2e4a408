// The one keypress layer. Ink reads stdin and hands us what it read; we split it into single keys and pastes
// (key-reader.ts) and give each, in order, to the one handler. Nothing else in the app listens to stdin: there is
// no widget with its own useInput, so every key has exactly one owner.
//
// Keys are delivered one at a time, outside any React batch. Ink renders with React's legacy root, where a state
// update made outside a batch is rendered and committed before the call returns, so the handler of the second key
// of a burst already sees the state the first key made (never a stale render). The burst tests in
// test/terminal/bursts.test.ts and test/app/keypress.test.tsx hold this in place.
import {useEffect, useRef} from 'react';
import {useStdin} from 'ink';
import {createKeyReader, type KeyEvent} from './key-reader.js';

/** Owners per Ink instance (its input emitter): more than one is a bug. */
const owners = new WeakMap<object, number>();

export function useKeypress(handler: (event: KeyEvent) => void): void {
	const {internal_eventEmitter: events, setRawMode, isRawModeSupported} = useStdin();
	const latest = useRef(handler);
	latest.current = handler;

	useEffect(() => {
		if ((owners.get(events) ?? 0) > 0) {
			throw new Error('useKeypress: a second keypress owner; route keys through the app shell instead');
		}
		owners.set(events, 1);
		if (isRawModeSupported) setRawMode(true);
		const reader = createKeyReader();
		let flushTimer: NodeJS.Immediate | undefined;
		const deliver = (list: KeyEvent[]) => {
			for (const event of list) latest.current(event);
		};
		const onInput = (data: string) => {
			if (flushTimer) clearImmediate(flushTimer);
			flushTimer = undefined;
			deliver(reader.push(data));
			// A lone ESC may be the Escape key or the start of a sequence cut by the read: decide once nothing follows.
			if (reader.pending()) flushTimer = setImmediate(() => deliver(reader.flush()));
		};
		events.on('input', onInput);
		return () => {
			owners.delete(events);
			if (flushTimer) clearImmediate(flushTimer);
			events.removeListener('input', onInput);
			if (isRawModeSupported) setRawMode(false);
		};
	}, [events, setRawMode, isRawModeSupported]);
}
