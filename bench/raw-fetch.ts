// The physical limit of loading the pair list: one request with the app's Accept-Encoding, the body decoded and
// JSON.parse'd, nothing else. Prints the milliseconds from the request to the parsed value.
import {request} from 'undici';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';

const url = `${process.argv[2]}/api/v2/spot/public/symbols`;
const started = performance.now();
const response = await request(url, {headers: {'accept-encoding': 'br, gzip'}});
const body = Buffer.from(await response.body.arrayBuffer());
const encoding = response.headers['content-encoding'];
const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
const parsed = JSON.parse(decoded.toString('utf8')) as {data: unknown[]};
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ms, pairs: parsed.data.length, encoding: encoding ?? 'none', bytes: body.length})}\n`);
