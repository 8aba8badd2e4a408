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
/** JSON.parse is fastest on pieces that stay in the CPU's cache: 64 KiB pieces parsed the 100k list (43 MB) in ~245
 * ms, 256 KiB ones (the decoder's chunks) in ~330, measured with the bench's body. */
const PARSE_PIECE_BYTES = 64 * 1024;
/** `},`: where an object element of `data` may end. */
const END_OF_OBJECT = Buffer.from('},');

import {MAX_RECORD_BYTES, MAX_SKELETON_BYTES} from './limits.js';

/** Returned by an element check to leave that element out of the list (an unreadable record, counted by the caller). */
export const SKIP: unique symbol = Symbol('skip');

/** An element or the envelope around the array is larger than any honest answer's. */
export class OversizeProblem extends Error {}

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
	/** Batches of objects (see feedObjects) until an input they do not fit; then the byte scan for the rest. */
	private batching = true;
	/** Bytes of `data` after the last element handed on by feedObjects, starting at an element boundary. */
	private pending: Buffer | undefined;
	/** Where feedObjects builds each batch. */
	private batch = Buffer.alloc(0);

	constructor(
		private readonly onElement: (value: unknown, index: number) => unknown = (value) => value,
		private readonly limits: {record: number; skeleton: number} = {record: MAX_RECORD_BYTES, skeleton: MAX_SKELETON_BYTES},
	) {}

	/** Feeds the next chunk; throws SyntaxError when an element is not valid JSON. */
	feed(chunk: Buffer): void {
		for (let at = 0; at < chunk.length; at += PARSE_PIECE_BYTES) {
			const piece = chunk.length <= PARSE_PIECE_BYTES ? chunk : chunk.subarray(at, at + PARSE_PIECE_BYTES);
			if (this.batching && this.inData) this.feedObjects(piece);
			else this.scan(piece);
		}
	}

	/**
	 * The fast way through `data` when it is a list of objects (the symbol list: 40 MB at 100k pairs). Scanning each
	 * byte in JavaScript cost 3x JSON.parse; here the engine's own parser reads many elements at once. Every `},`
	 * in the bytes is taken as a possible end of an element; the bytes up to the last one are parsed as one array,
	 * and the batch stands only if that gives exactly one element per `},`. A `},` inside a string or a nested
	 * value leaves the batch unparseable or with fewer elements, so then, as for anything else this does not fit
	 * (no objects, an element larger than the record limit, a syntax error), the bytes go to the exact byte scan.
	 * The last element, with the `]` and the rest of the envelope, always goes to the byte scan (in end()).
	 */
	private feedObjects(chunk: Buffer): void {
		// The batch is built in one reused buffer, "[" + the pending bytes + the chunk, and its last "}," becomes "}]":
		// JSON.parse then gets one string per batch (a template around the text made a second, 64 KiB each, for the
		// young generation to collect).
		const pending = this.pending;
		const start = 1 + (pending?.length ?? 0);
		const end = start + chunk.length;
		if (this.batch.length < end) this.batch = Buffer.allocUnsafeSlow(Math.max(end, 2 * PARSE_PIECE_BYTES));
		const bytes = this.batch.subarray(0, end);
		bytes[0] = OPEN_BRACKET;
		pending?.copy(bytes, 1);
		chunk.copy(bytes, start);
		this.pending = undefined;
		let count = 0;
		let last = -1;
		for (let from = 1; ;) {
			const at = bytes.indexOf(END_OF_OBJECT, from);
			if (at < 0) break;
			// An element (or something else) longer than a record may be: the byte scan says which, exactly.
			if (at + 1 - from > this.limits.record) return this.leaveBatching(bytes.subarray(1));
			count++;
			last = at;
			from = at + 2;
		}
		if (count === 0) {
			if (end - 1 > this.limits.record) return this.leaveBatching(bytes.subarray(1));
			this.pending = Buffer.from(bytes.subarray(1));
			return;
		}
		// Copied: the batch buffer is reused by the next call.
		const rest = last + 2 < end ? Buffer.from(bytes.subarray(last + 2)) : undefined;
		bytes[last + 1] = CLOSE_BRACKET;
		let values: unknown;
		try {
			values = JSON.parse(bytes.toString('utf8', 0, last + 2));
		} catch {
			values = undefined;
		}
		if (!Array.isArray(values) || values.length !== count) {
			bytes[last + 1] = COMMA;
			return this.leaveBatching(bytes.subarray(1));
		}
		for (const value of values) {
			const checked = this.onElement(value, this.index++);
			if (checked !== SKIP) this.elements.push(checked);
		}
		this.pending = rest;
	}

	/** From an element boundary on, byte by byte. */
	private leaveBatching(bytes: Buffer): void {
		this.batching = false;
		this.pending = undefined;
		// Copied out of the reused batch buffer: the scan keeps parts of what it is given.
		this.scan(Buffer.from(bytes));
	}

	private scan(chunk: Buffer): void {
		// The scan runs once per byte of a list of tens of MB: its state lives in locals for the loop (V8 keeps them in
		// registers; fields of `this` are loaded and stored on every byte) and is written back before any call out.
		let depth = this.depth;
		let inString = this.inString;
		let escaped = this.escaped;
		let inData = this.inData;
		let elementOpen = this.elementOpen;
		let copyFrom = 0;
		const length = chunk.length;
		for (let i = 0; i < length; i++) {
			const byte = chunk[i]!;
			if (inString) {
				if (escaped) escaped = false;
				else if (byte === BACKSLASH) escaped = true;
				else if (byte === QUOTE) {
					inString = false;
					if (this.keyBytes) {
						this.lastKey = Buffer.from(this.keyBytes).toString('utf8');
						this.keyBytes = undefined;
					}
				} else if (this.keyBytes && this.keyBytes.length < 64) this.keyBytes.push(byte);
				continue;
			}
			if (byte === QUOTE) {
				inString = true;
				if (depth === 1 && !this.afterDataColon) this.keyBytes = [];
				if (inData && depth === 2 && !elementOpen) {
					elementOpen = true;
					copyFrom = i;
				}
				continue;
			}
			if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;

			if (inData) {
				if (depth === 2 && (byte === COMMA || byte === CLOSE_BRACKET)) {
					if (elementOpen) {
						this.finishElement(chunk, copyFrom, i);
						elementOpen = false;
					}
					if (byte === CLOSE_BRACKET) {
						inData = false;
						depth = 1;
						copyFrom = i;
					}
					continue;
				}
				if (depth === 2 && !elementOpen) {
					elementOpen = true;
					copyFrom = i;
				}
				if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
				else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
				continue;
			}

			if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
				if (this.afterDataColon && depth === 1 && byte === OPEN_BRACKET && !this.dataSeen) {
					// `"data": [` — keep "[" in the skeleton, stream what is inside.
					this.keepSkeleton(chunk.subarray(copyFrom, i + 1));
					inData = true;
					this.dataSeen = true;
					this.afterDataColon = false;
					depth = 2;
					if (this.batching) {
						this.depth = depth;
						this.inString = false;
						this.escaped = false;
						this.inData = inData;
						this.elementOpen = false;
						this.feedObjects(chunk.subarray(i + 1));
						return;
					}
					continue;
				}
				depth++;
				this.afterDataColon = false;
			} else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
				depth--;
			} else if (byte === COLON && depth === 1) {
				this.afterDataColon = this.lastKey === 'data';
				continue;
			} else if (byte === COMMA && depth === 1) {
				this.afterDataColon = false;
			}
		}
		this.depth = depth;
		this.inString = inString;
		this.escaped = escaped;
		this.inData = inData;
		this.elementOpen = elementOpen;
		if (inData) {
			if (elementOpen) {
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
		if (this.pending) this.leaveBatching(this.pending);
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
		const checked = this.onElement(JSON.parse(text), this.index++);
		if (checked !== SKIP) this.elements.push(checked);
	}
}
