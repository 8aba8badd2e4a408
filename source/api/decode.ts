// Bodies may arrive compressed from the CDN edge (br by default at some venues, or gzip). One table of the
// codings this client undoes; every body is decoded as a stream (read-body.ts counts what comes out).
import {createBrotliDecompress, createGunzip, createInflate} from 'node:zlib';

/** Output chunks of 256 KiB instead of zlib's 16: a 43 MB symbol list then takes ~170 trips to zlib's thread instead of
 * ~2,600, and its brotli decodes in 30 ms instead of 170 (measured on the bench's 100k list). */
export const DECODED_CHUNK_BYTES = 256 * 1024;

type Decoder = (options: {chunkSize: number; readableHighWaterMark: number}) => NodeJS.ReadWriteStream;

const streaming: Record<string, Decoder> = {
	br: (options) => createBrotliDecompress(options),
	gzip: (options) => createGunzip(options),
	'x-gzip': (options) => createGunzip(options),
	deflate: (options) => createInflate(options),
};

/** The codings of a content-encoding header, in the order they were applied (identity left out). */
export function contentCodings(contentEncoding: string | string[] | undefined): string[] {
	const header = Array.isArray(contentEncoding) ? contentEncoding.join(',') : (contentEncoding ?? '');
	return header
		.split(',')
		.map((coding) => coding.trim().toLowerCase())
		.filter((coding) => coding !== '' && coding !== 'identity');
}

/** The first coding this client cannot undo, if any. */
export function unsupportedCoding(codings: readonly string[]): string | undefined {
	return codings.find((coding) => !Object.hasOwn(streaming, coding));
}

/** Decoding streams for `codings` (supported ones), in the order to pipe through: last applied first. `aheadBytes`:
 * decoded bytes kept ready ahead of the reader (one chunk by default). A large list's reader gives a few MB: at one
 * chunk, zlib's thread waited for the parser to take each chunk and the parser for zlib to make the next (~70 ms idle
 * in the 100k list's first load). What is decoded past the reader's cap is at most that much. */
export function decodingStreams(codings: readonly string[], aheadBytes = DECODED_CHUNK_BYTES): NodeJS.ReadWriteStream[] {
	const options = {chunkSize: DECODED_CHUNK_BYTES, readableHighWaterMark: Math.max(aheadBytes, DECODED_CHUNK_BYTES)};
	return [...codings].reverse().map((coding) => streaming[coding]!(options));
}
