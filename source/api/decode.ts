// Bodies may arrive compressed from the CDN edge (br by default at some venues, or gzip). One table of the
// codings this client undoes; every body is decoded as a stream (read-body.ts counts what comes out).
import {createBrotliDecompress, createGunzip, createInflate} from 'node:zlib';

/** Output chunks of 128 KiB, not zlib's 16: each chunk is a round trip to the thread pool and a call of every
 * reader after it, and a 40 MB symbol list was 2,700 of them. The size caps still see every chunk. */
const CHUNK_BYTES = 128 * 1024;

const streaming: Record<string, () => NodeJS.ReadWriteStream> = {
	br: () => createBrotliDecompress({chunkSize: CHUNK_BYTES}),
	gzip: () => createGunzip({chunkSize: CHUNK_BYTES}),
	'x-gzip': () => createGunzip({chunkSize: CHUNK_BYTES}),
	deflate: () => createInflate({chunkSize: CHUNK_BYTES}),
};

export const ACCEPT_ENCODING = 'br, gzip, deflate';

/** The codings of a content-encoding header, in the order they were applied (identity left out). */
export function contentCodings(contentEncoding: string | string[] | undefined): string[] {
	const header = Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding ?? '';
	return header
		.split(',')
		.map((coding) => coding.trim().toLowerCase())
		.filter((coding) => coding !== '' && coding !== 'identity');
}

/** The first coding this client cannot undo, if any. */
export function unsupportedCoding(codings: readonly string[]): string | undefined {
	return codings.find((coding) => !Object.hasOwn(streaming, coding));
}

/** Decoding streams for `codings` (supported ones), in the order to pipe through: last applied first. */
export function decodingStreams(codings: readonly string[]): NodeJS.ReadWriteStream[] {
	return [...codings].reverse().map((coding) => streaming[coding]!());
}
