// Reading an answer's body, always as a stream through the decoder and a byte count: small answers are collected
// as text, the symbol list goes through the array parser, so a large list never exists as one buffer or one
// string. Reading stops as soon as the decoded size passes the operation's cap (limits.ts): a compression bomb
// costs at most that much. One content-coding at most: stacked codings are refused (no honest server sends them).
import type {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {ArrayEnvelopeParser, OversizeProblem} from './array-stream.js';
import {contentCodings, decodingStreams, unsupportedCoding} from './decode.js';
import {formatBytes} from './limits.js';
import {RecordProblem} from './symbol-records.js';

export type BodyContent = {kind: 'text'; text: string} | {kind: 'streamed'; skeleton: string; elements?: unknown[]};

/** The body was read but is not usable; the message completes "HTTP <status> …" or stands alone. */
export class BodyProblem extends Error {}

class TooLarge extends Error {}

/** A streamed list's decoded bytes kept ready ahead of its parser (decode.ts). */
const STREAMED_AHEAD_BYTES = 8 * 1024 * 1024;

type ElementCheck = (value: unknown, index: number) => unknown;

export interface ReadLimits {
	/** Most decoded bytes read. */
	maxBytes: number;
	/** The operation, for the message. */
	label: string;
}

export async function readBody(
	body: Readable,
	contentEncoding: string | string[] | undefined,
	status: number,
	limits: ReadLimits,
	elements?: ElementCheck,
	/** Sees every decoded chunk of a streamed body (the symbol cache copies them to disk), never past the cap. */
	onChunk?: (chunk: Buffer) => void,
): Promise<BodyContent> {
	const codings = contentCodings(contentEncoding);
	const unknown = unsupportedCoding(codings);
	if (unknown) {
		body.destroy();
		throw new BodyProblem(`HTTP ${status} with a body that could not be decoded (unsupported content-encoding "${unknown}")`);
	}
	if (codings.length > 1) {
		body.destroy();
		throw new BodyProblem(`HTTP ${status} with stacked content-encodings (${codings.join(', ')}), which this client refuses`);
	}
	const parser = elements ? new ArrayEnvelopeParser(elements) : undefined;
	const collected: Buffer[] = [];
	let size = 0;
	// When the parser throws, pipeline tears the body down and may reject with that AbortError instead: keep ours.
	let ownError: unknown;
	try {
		// Any number of decoders: pipeline's typed overloads cannot take a spread, its runtime can.
		const run = pipeline as unknown as (...stages: unknown[]) => Promise<void>;
		// A streamed list keeps a few MB decoded ahead of its parser; other answers one chunk (decode.ts).
		const decoders = decodingStreams(codings, parser ? Math.min(limits.maxBytes, STREAMED_AHEAD_BYTES) : undefined);
		await run(body, ...decoders, async (source: AsyncIterable<Buffer>) => {
			try {
				for await (const chunk of source) {
					size += chunk.length;
					if (size > limits.maxBytes) throw new TooLarge();
					if (parser) {
						onChunk?.(chunk);
						parser.feed(chunk);
					} else {
						collected.push(chunk);
					}
				}
			} catch (error) {
				ownError = error;
				throw error;
			}
		});
		if (!parser) return {kind: 'text', text: Buffer.concat(collected).toString('utf8')};
		return {kind: 'streamed', ...parser.end()};
	} catch (caught) {
		const error = ownError ?? caught;
		if (error instanceof TooLarge) {
			throw new BodyProblem(
				`HTTP ${status} with a body larger than ${formatBytes(limits.maxBytes)}, the most this client reads for ${limits.label}: reading stopped`,
			);
		}
		if (error instanceof OversizeProblem) throw new BodyProblem(`HTTP ${status} with an oversized answer: ${error.message}`);
		if (error instanceof RecordProblem) throw new BodyProblem(`unexpected answer — ${error.message}`);
		if (error instanceof SyntaxError) throw new BodyProblem(`HTTP ${status} with incomplete JSON`);
		const code = (error as {code?: string}).code;
		if (code?.startsWith('Z_') || code?.startsWith('ERR_BROTLI') || code === 'ERR__ERROR_FORMAT_PADDING_1') {
			throw new BodyProblem(`HTTP ${status} with a body that could not be decoded (${(error as Error).message})`);
		}
		throw error;
	}
}
