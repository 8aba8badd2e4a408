// Bodies may arrive compressed from the CDN edge (br by default at some venues, or gzip). One table of the
// codings this client undoes, for whole bodies and for streamed ones.
import {promisify} from 'node:util';
import {brotliDecompress, createBrotliDecompress, createGunzip, createInflate, gunzip, inflate} from 'node:zlib';

const whole: Record<string, (input: Buffer) => Promise<Buffer>> = {
	br: promisify(brotliDecompress),
	gzip: promisify(gunzip),
	'x-gzip': promisify(gunzip),
	deflate: promisify(inflate),
};

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
	return codings.find((coding) => !whole[coding]);
}

/** Undo every content-coding, last applied first. Throws on an unknown coding or a corrupt stream. */
export async function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined): Promise<Buffer> {
	const codings = contentCodings(contentEncoding);
	const unknown = unsupportedCoding(codings);
	if (unknown) throw new Error(`unsupported content-encoding "${unknown}"`);
	let decoded = body;
	for (const coding of codings.reverse()) decoded = await whole[coding]!(decoded);
	return decoded;
}

/** Decoding streams for `codings` (supported ones), in the order to pipe through: last applied first. */
export function decodingStreams(codings: readonly string[]): NodeJS.ReadWriteStream[] {
	return [...codings].reverse().map((coding) => streaming[coding]!());
}
