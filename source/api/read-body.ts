// Reading an answer's body: whole (small answers), or streamed through the decoder and the array parser (the
// symbol list), so a large list never exists as one buffer or one string.
import type {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {ArrayEnvelopeParser} from './array-stream.js';
import {contentCodings, decodeBody, decodingStreams, unsupportedCoding} from './decode.js';
import {RecordProblem} from './symbol-records.js';

export type BodyContent = {kind: 'text'; text: string} | {kind: 'streamed'; skeleton: string; elements?: unknown[]};

/** The body was read but is not usable; the message completes "HTTP <status> …" or stands alone. */
export class BodyProblem extends Error {}

type ElementCheck = (value: unknown, index: number) => unknown;

export async function readBody(
	body: Readable & {arrayBuffer(): Promise<ArrayBuffer>},
	contentEncoding: string | string[] | undefined,
	status: number,
	elements?: ElementCheck,
	/** Sees every decoded chunk of a streamed body (the symbol cache copies them to disk). */
	onChunk?: (chunk: Buffer) => void,
): Promise<BodyContent> {
	if (!elements) {
		const raw = Buffer.from(await body.arrayBuffer());
		try {
			return {kind: 'text', text: (await decodeBody(raw, contentEncoding)).toString('utf8')};
		} catch (error) {
			throw new BodyProblem(`HTTP ${status} with a body that could not be decoded (${(error as Error).message})`);
		}
	}
	const codings = contentCodings(contentEncoding);
	const unknown = unsupportedCoding(codings);
	if (unknown) {
		body.resume();
		throw new BodyProblem(`HTTP ${status} with a body that could not be decoded (unsupported content-encoding "${unknown}")`);
	}
	const parser = new ArrayEnvelopeParser(elements);
	const decoders = decodingStreams(codings);
	// When the parser throws, pipeline tears the body down and may reject with that AbortError instead: keep ours.
	let parserError: unknown;
	try {
		// Any number of decoders: pipeline's typed overloads cannot take a spread, its runtime can.
		const run = pipeline as unknown as (...stages: unknown[]) => Promise<void>;
		await run(body, ...decoders, async (source: AsyncIterable<Buffer>) => {
			try {
				for await (const chunk of source) {
					onChunk?.(chunk);
					parser.feed(chunk);
				}
			} catch (error) {
				parserError = error;
				throw error;
			}
		});
		return {kind: 'streamed', ...parser.end()};
	} catch (caught) {
		const error = parserError ?? caught;
		if (error instanceof RecordProblem) throw new BodyProblem(`unexpected answer — ${error.message}`);
		if (error instanceof SyntaxError) throw new BodyProblem(`HTTP ${status} with incomplete JSON`);
		if ((error as {code?: string}).code?.startsWith('Z_') || (error as {code?: string}).code?.startsWith('ERR_BROTLI')) {
			throw new BodyProblem(`HTTP ${status} with a body that could not be decoded (${(error as Error).message})`);
		}
		throw error;
	}
}
