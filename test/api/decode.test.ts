// The decoders (api/decode.ts): 256 KiB chunks, one chunk kept ready ahead of the reader unless it asks for more (the
// symbol list's parser asks for a few MB, so zlib's thread and the parser do not wait on each other).
import {brotliCompressSync, gzipSync} from 'node:zlib';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {describe, expect, it} from 'vitest';
import {DECODED_CHUNK_BYTES, decodingStreams} from '../../source/api/decode.js';

describe('decodingStreams', () => {
	it('keeps one chunk ahead by default, and what the reader asks for', () => {
		const [plain] = decodingStreams(['gzip']) as unknown as Array<{readableHighWaterMark: number}>;
		expect(plain!.readableHighWaterMark).toBe(DECODED_CHUNK_BYTES);
		const [ahead] = decodingStreams(['br'], 8 * 1024 * 1024) as unknown as Array<{readableHighWaterMark: number}>;
		expect(ahead!.readableHighWaterMark).toBe(8 * 1024 * 1024);
		// Never less than a chunk.
		const [small] = decodingStreams(['deflate'], 1) as unknown as Array<{readableHighWaterMark: number}>;
		expect(small!.readableHighWaterMark).toBe(DECODED_CHUNK_BYTES);
	});

	it.each([
		['br', brotliCompressSync],
		['gzip', gzipSync],
	])('%s: decodes a body of several MB in chunks of at most 256 KiB, read ahead or not', async (coding, compress) => {
		const text = Buffer.from('[' + Array.from({length: 200_000}, (_, i) => `{"n":${i}}`).join(',') + ']');
		for (const ahead of [undefined, 4 * 1024 * 1024]) {
			const chunks: Buffer[] = [];
			const [decoder] = decodingStreams([coding], ahead);
			await pipeline(Readable.from([compress(text)]), decoder!, async (source: AsyncIterable<Buffer | string>) => {
				for await (const chunk of source) chunks.push(Buffer.from(chunk));
			});
			expect(Buffer.concat(chunks).equals(text)).toBe(true);
			expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(DECODED_CHUNK_BYTES);
		}
	});
});
