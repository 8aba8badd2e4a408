// Bodies may arrive compressed from the CDN edge (br by default at some venues, or gzip).
import {promisify} from 'node:util';
import {brotliDecompress, gunzip, inflate} from 'node:zlib';

const decoders: Record<string, (input: Buffer) => Promise<Buffer>> = {
	br: promisify(brotliDecompress),
	gzip: promisify(gunzip),
	'x-gzip': promisify(gunzip),
	deflate: promisify(inflate),
};

export const ACCEPT_ENCODING = 'br, gzip, deflate';

/** Undo every content-coding, last applied first. Throws on an unknown coding or a corrupt stream. */
export async function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined): Promise<Buffer> {
	const header = Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding ?? '';
	const codings = header
		.split(',')
		.map((coding) => coding.trim().toLowerCase())
		.filter((coding) => coding !== '' && coding !== 'identity');
	let decoded = body;
	for (const coding of codings.reverse()) {
		const decode = decoders[coding];
		if (!decode) throw new Error(`unsupported content-encoding "${coding}"`);
		decoded = await decode(decoded);
	}
	return decoded;
}
