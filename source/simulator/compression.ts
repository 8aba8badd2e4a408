// Response compression, as a CDN edge does it: Brotli when the client accepts it, else gzip, else none.
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

export type CompressionOption = 'auto' | 'none' | 'gzip' | 'br';
export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Codings listed in accept-encoding with a non-zero q. */
function accepted(acceptEncoding: string | undefined): Set<string> {
	const result = new Set<string>();
	for (const part of (acceptEncoding ?? '').split(',')) {
		const [name = '', ...params] = part.trim().toLowerCase().split(';');
		const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) result.add(name);
	}
	return result;
}

export function chooseEncoding(option: CompressionOption, acceptEncoding: string | undefined): Encoding {
	if (option === 'none') return 'identity';
	if (option === 'gzip' || option === 'br') return option;
	const codings = accepted(acceptEncoding);
	if (codings.has('br')) return 'br';
	if (codings.has('gzip')) return 'gzip';
	return 'identity';
}

// Low-effort settings: the full list of 100k synthetic pairs is tens of MB and must still answer quickly.
export async function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
	if (encoding === 'br') {
		return brotli(body, {
			params: {[constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length},
		});
	}
	if (encoding === 'gzip') return gzipAsync(body, {level: 4});
	return body;
}
