// Bodies may arrive compressed from the CDN edge (br by default at some venues, or gzip). One table of the
// codings this client undoes; every body is decoded as a stream (read-body.ts counts what comes out).
import {createBrotliDecompress, createGunzip, createInflate} from 'node:zlib';

const streaming: Record<string, () => NodeJS.ReadWriteStream> = {
	br: createBrotliDecompress,
	gzip: createGunzip,
	'x-gzip': createGunzip,
	deflate: createInflate,
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
