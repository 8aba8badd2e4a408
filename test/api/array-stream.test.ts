import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ArrayEnvelopeParser} from '../../source/api/array-stream.js';

// Keys here hold no `"` or `\` (values still do, and the parser reads keys and values inside data alike): V8's
// JSON.parse on Node 24.21 returns a wrong key after it has seen the other one — run with node 24:
//   JSON.parse('{"x":[{"\\\\":0}],"\\\\":0}'); JSON.parse('{"x":[{"\\"":1}],"\\"":1}')  // → {"x":[{"\"":1}],"\\":1}
// That made this file's properties fail now and then on Node 24 whatever the parser did (the reference, JSON.parse,
// was wrong), depending on which keys earlier runs had parsed.
const plainKey = (key: string) => key.replaceAll(/["\\]/g, '');
const keyOf = (text: fc.Arbitrary<string>) => text.map(plainKey);
/** `value` with every object key made plain, at any depth. */
const plainKeys = (value: unknown): unknown =>
	Array.isArray(value)
		? value.map(plainKeys)
		: value !== null && typeof value === 'object'
			? Object.fromEntries(Object.entries(value).map(([key, inner]) => [plainKey(key), plainKeys(inner)]))
			: value;

/** Feeds `text` cut at the given points. */
function parse(text: string, cuts: number[]) {
	const bytes = Buffer.from(text, 'utf8');
	const parser = new ArrayEnvelopeParser();
	let from = 0;
	for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
		parser.feed(bytes.subarray(from, cut));
		from = cut;
	}
	parser.feed(bytes.subarray(from));
	return parser.end();
}

describe('streaming envelope parser', () => {
	it('gives the same elements and envelope as JSON.parse, however the bytes are chunked', () => {
		const element = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue(), {maxKeys: 5})).map(plainKeys);
		fc.assert(
			fc.property(
				fc.array(element, {maxLength: 15}),
				fc.string(),
				fc.oneof(fc.integer(), fc.string()),
				fc.array(fc.nat(), {maxLength: 8}),
				fc.boolean(),
				(data, msg, requestTime, cuts, dataFirst) => {
					const envelope = dataFirst ? {data, code: '00000', msg, requestTime} : {code: '00000', msg, requestTime, data};
					const spaced = JSON.stringify(envelope, null, cuts.length % 2 === 0 ? 0 : 2);
					const result = parse(spaced, cuts);
					expect(result.elements).toEqual(JSON.parse(JSON.stringify(data)));
					expect(JSON.parse(result.skeleton)).toEqual({...envelope, data: []});
				},
			),
			{numRuns: 2000},
		);
	});

	it('reads lists of objects (read in batches) exactly, with "}," inside strings and nested objects', () => {
		// Strings made of JSON's own punctuation: every "}," in them is a false end of an element to the batch reader.
		const tricky = fc.stringMatching(/^[{},"\\[\]:a ]{0,12}$/);
		const value = fc.oneof(tricky, fc.integer(), fc.array(fc.dictionary(keyOf(tricky), tricky, {maxKeys: 3}), {maxLength: 3}));
		const record = fc.dictionary(keyOf(tricky), value, {minKeys: 1, maxKeys: 5});
		fc.assert(
			fc.property(fc.array(record, {maxLength: 30}), fc.array(fc.nat(), {maxLength: 8}), fc.boolean(), (data, cuts, spaced) => {
				const envelope = {code: '00000', data, requestTime: 1};
				const result = parse(JSON.stringify(envelope, null, spaced ? 1 : 0), cuts);
				expect(result.elements).toEqual(data);
				expect(JSON.parse(result.skeleton)).toEqual({...envelope, data: []});
			}),
			{numRuns: 2000},
		);
	});

	it('reads chunks larger than its parse pieces (the decoder gives 256 KiB) as it reads small ones', () => {
		const data = Array.from({length: 8000}, (_, i) => ({symbol: `X${i}USDT`, note: i % 7 === 0 ? 'a},{"b":1' : 'é'.repeat(i % 5), n: i}));
		const text = JSON.stringify({code: '00000', msg: 'success', data, requestTime: 1});
		expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 64 * 1024);
		for (const cuts of [[], [70_000], [65_536, 131_073], [1, 200_000]]) {
			const result = parse(text, cuts);
			expect(result.elements).toEqual(data);
			expect(JSON.parse(result.skeleton)).toEqual({code: '00000', msg: 'success', data: [], requestTime: 1});
		}
	});

	it('still refuses an object element larger than a record may be, and counts elements across batches', () => {
		const small = Array.from({length: 500}, (_, i) => ({symbol: `S${i}`, pad: 'x'.repeat(100)}));
		const seen: number[] = [];
		const parser = new ArrayEnvelopeParser(
			(element, index) => {
				seen.push(index);
				return element;
			},
			{record: 1000, skeleton: 1000},
		);
		const bytes = Buffer.from(JSON.stringify({code: '00000', data: [...small, {big: 'y'.repeat(2000)}, ...small]}));
		expect(() => {
			for (let at = 0; at < bytes.length; at += 4096) parser.feed(bytes.subarray(at, at + 4096));
			parser.end();
		}).toThrow('data.500 is larger than 1000 bytes');
		expect(seen).toEqual(Array.from({length: 500}, (_, i) => i));
		// Its string full of "}," (false ends, each piece shorter than the limit) does not hide it either.
		const hidden = new ArrayEnvelopeParser(undefined, {record: 1000, skeleton: 1000});
		const withCommas = Buffer.from(JSON.stringify({code: '00000', data: [...small, {big: '},'.repeat(1500)}, ...small]}));
		expect(() => {
			// One read: the batch around it parses, with fewer elements than ends of elements it seemed to have.
			hidden.feed(withCommas);
			hidden.end();
		}).toThrow('data.500 is larger than 1000 bytes');
	});

	it('leaves a non-array data and non-JSON bodies to the ordinary parser', () => {
		expect(parse('{"code":"40034","msg":"x","data":null}', [5, 20])).toEqual({skeleton: '{"code":"40034","msg":"x","data":null}', elements: undefined});
		expect(parse('{"code":"00000","data":{"orderId":"1"}}', [3])).toEqual({skeleton: '{"code":"00000","data":{"orderId":"1"}}', elements: undefined});
		expect(parse('<html>bad gateway</html>', [4]).skeleton).toBe('<html>bad gateway</html>');
		// A "data" key deeper down, or a string value "data", is not the envelope's data.
		const nested = '{"msg":"data","x":{"data":[1,2]},"data":[3]}';
		expect(parse(nested, [9, 25])).toEqual({skeleton: '{"msg":"data","x":{"data":[1,2]},"data":[]}', elements: [3]});
	});

	it('reports a body cut inside the array, and an element that is not JSON', () => {
		expect(() => parse('{"code":"00000","data":[{"a":1},{"b":', [])).toThrow(SyntaxError);
		expect(() => parse('{"code":"00000","data":[{"a":1},{oops}]}', [])).toThrow(SyntaxError);
	});

	it('keeps multi-byte characters split across chunks intact', () => {
		const text = JSON.stringify({code: '00000', data: ['€uro ✓', {name: 'ünïcødé 🚀'}]});
		for (let cut = 0; cut < Buffer.byteLength(text); cut++) {
			expect(parse(text, [cut]).elements).toEqual(['€uro ✓', {name: 'ünïcødé 🚀'}]);
		}
	});
});
