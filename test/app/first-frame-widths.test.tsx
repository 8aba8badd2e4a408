// The home menu's first frame measures and wraps its lines without string-width (format/text-width.ts,
// format/wrap.ts): string-width's first call compiles its emoji and default-ignorable patterns, tens of ms that Ink's
// "hello" (the start-up bench's baseline, docs/performance.md) never pays. A line that needs it still gets it.
import React from 'react';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {App} from '../../source/app/App.js';
import {createShellServices} from '../../source/app/shell-services.js';
import {wrapLines} from '../../source/format/wrap.js';
import {plain, waitFor} from '../helpers/ink.js';

const calls = vi.hoisted(() => ({stringWidth: 0, wrapAnsi: 0}));

vi.mock('string-width', async (importOriginal) => {
	const actual = await importOriginal<typeof import('string-width')>();
	return {
		default: (...args: Parameters<typeof actual.default>) => {
			calls.stringWidth++;
			return actual.default(...args);
		},
	};
});
vi.mock('wrap-ansi', async (importOriginal) => {
	const actual = await importOriginal<typeof import('wrap-ansi')>();
	return {
		default: (...args: Parameters<typeof actual.default>) => {
			calls.wrapAnsi++;
			return actual.default(...args);
		},
	};
});

describe('the first frame and string-width', () => {
	let unmount: (() => void) | undefined;
	beforeEach(() => {
		calls.stringWidth = 0;
		calls.wrapAnsi = 0;
	});
	afterEach(() => unmount?.());

	it('draws home and its footer without calling string-width or wrap-ansi', async () => {
		const services = {shell: createShellServices('127.0.0.1', {noColor: false}), ready: new Promise<never>(() => undefined)};
		const instance = render(<App services={services} />);
		unmount = instance.unmount;
		await waitFor(() => expect(plain(instance.lastFrame())).toContain('? this help'));
		expect(plain(instance.lastFrame())).toContain('Symbols');
		expect(calls).toEqual({stringWidth: 0, wrapAnsi: 0});
	});

	it('still wraps through them a line too wide, or one whose characters need grapheme rules', () => {
		expect(wrapLines('hello world foo bar', 11)).toEqual(['hello world', 'foo bar']);
		expect(calls.wrapAnsi).toBe(1);
		// composed as wrap-ansi composes it (NFC)
		expect(wrapLines('漢字 e\u0301 👍🏽', 40)).toEqual(['漢字 \u00E9 👍🏽']);
		expect(calls.stringWidth).toBeGreaterThan(0);
		expect(wrapLines('a\tb', 40)).toEqual(['a\tb']);
		expect(calls.wrapAnsi).toBe(2);
	});
});
