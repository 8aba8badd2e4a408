// Reads a JSON envelope whose `data` is a large array without ever holding the whole text: bytes are scanned as
// they arrive, each element of `data` is parsed on its own, and everything else (code, msg, requestTime) is kept
// as a small "skeleton" with `data` emptied. A 100k-pair symbol list (tens of MB) then costs the records only.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

import {MAX_RECORD_BYTES, MAX_SKELETON_BYTES} from './limits.js';

/** Returned by an element check to leave that element out of the list (an unreadable record, counted by the caller). */
export const SKIP: unique symbol = Symbol('skip');

/** An element or the envelope around the array is larger than any honest answer's. */
export class OversizeProblem extends Error {}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

export interface StreamedEnvelope {
	/** The envelope with `data` replaced by `[]` when it was an array (else the whole envelope). */
	skeleton: string;
	/** The elements of `data`, each parsed on its own; undefined when `data` was not an array. */
	elements?: unknown[];
}

export class ArrayEnvelopeParser {
	private depth = 0;
	private inString = false;
	private escaped = false;
	/** Bytes of the key string being read at depth 1, and the last complete one. */
	private keyBytes: number[] | undefined;
	private lastKey = '';
	private afterDataColon = false;
	/** Inside the `data` array (its own depth is 2). */
	private inData = false;
	private dataSeen = false;
	private readonly skeleton: Buffer[] = [];
	private element: Buffer[] = [];
	private elementBytes = 0;
	private skeletonBytes = 0;
	private elementOpen = false;
	private index = 0;
	private readonly elements: unknown[] = [];

	constructor(
		private readonly onElement: (value: unknown, index: number) => unknown = (value) => value,
		private readonly limits: {record: number; skeleton: number} = {record: MAX_RECORD_BYTES, skeleton: MAX_SKELETON_BYTES},
	) {}

	/** Feeds the next chunk; throws SyntaxError when an element is not valid JSON. */
	feed(chunk: Buffer): void {
		let copyFrom = 0;
		for (let i = 0; i < chunk.length; i++) {
			const byte = chunk[i]!;
			if (this.inString) {
				if (this.escaped) this.escaped = false;
				else if (byte === BACKSLASH) this.escaped = true;
				else if (byte === QUOTE) {
					this.inString = false;
					if (this.keyBytes) {
						this.lastKey = Buffer.from(this.keyBytes).toString('utf8');
						this.keyBytes = undefined;
					}
				} else if (this.keyBytes && this.keyBytes.length < 64) this.keyBytes.push(byte);
				continue;
			}
			if (byte === QUOTE) {
				this.inString = true;
				if (this.depth === 1 && !this.afterDataColon) this.keyBytes = [];
				if (this.inData && this.depth === 2 && !this.elementOpen) {
					this.elementOpen = true;
					copyFrom = i;
				}
				continue;
			}
			if (isSpace(byte)) continue;

			if (this.inData) {
				if (this.depth === 2 && (byte === COMMA || byte === CLOSE_BRACKET)) {
					if (this.elementOpen) this.finishElement(chunk, copyFrom, i);
					if (byte === CLOSE_BRACKET) {
						this.inData = false;
						this.depth = 1;
						copyFrom = i;
					}
					continue;
				}
				if (this.depth === 2 && !this.elementOpen) {
					this.elementOpen = true;
					copyFrom = i;
				}
				if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth++;
				else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) this.depth--;
				continue;
			}

			if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
				if (this.afterDataColon && this.depth === 1 && byte === OPEN_BRACKET && !this.dataSeen) {
					// `"data": [` — keep "[" in the skeleton, stream what is inside.
					this.keepSkeleton(chunk.subarray(copyFrom, i + 1));
					this.inData = true;
					this.dataSeen = true;
					this.afterDataColon = false;
					this.depth = 2;
					continue;
				}
				this.depth++;
				this.afterDataColon = false;
			} else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
				this.depth--;
			} else if (byte === COLON && this.depth === 1) {
				this.afterDataColon = this.lastKey === 'data';
				continue;
			} else if (byte === COMMA && this.depth === 1) {
				this.afterDataColon = false;
			}
		}
		if (this.inData) {
			if (this.elementOpen) {
				this.elementBytes += chunk.length - copyFrom;
				if (this.elementBytes > this.limits.record) throw new OversizeProblem(`data.${this.index} is larger than ${this.limits.record} bytes`);
				this.element.push(Buffer.from(chunk.subarray(copyFrom)));
			}
		} else {
			this.keepSkeleton(Buffer.from(chunk.subarray(copyFrom)));
		}
	}

	private keepSkeleton(bytes: Buffer): void {
		this.skeletonBytes += bytes.length;
		if (this.skeletonBytes > this.limits.skeleton) throw new OversizeProblem(`the envelope around data is larger than ${this.limits.skeleton} bytes`);
		this.skeleton.push(bytes);
	}

	end(): StreamedEnvelope {
		if (this.inData) throw new SyntaxError('the data array ended early');
		return {skeleton: Buffer.concat(this.skeleton).toString('utf8'), elements: this.dataSeen ? this.elements : undefined};
	}

	/** The element ends at `end` of `chunk`; earlier parts of it (from previous chunks) are in `this.element`. */
	private finishElement(chunk: Buffer, start: number, end: number): void {
		// Most elements sit inside one chunk: decode that slice directly, with no intermediate buffer.
		const text = this.element.length === 0 ? chunk.toString('utf8', start, end) : Buffer.concat([...this.element, chunk.subarray(start, end)]).toString('utf8');
		if (end - start + this.elementBytes > this.limits.record) throw new OversizeProblem(`data.${this.index} is larger than ${this.limits.record} bytes`);
		this.element = [];
		this.elementBytes = 0;
		this.elementOpen = false;
		const checked = this.onElement(JSON.parse(text), this.index++);
		if (checked !== SKIP) this.elements.push(checked);
	}
}
