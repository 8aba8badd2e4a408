import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ArrayEnvelopeParser} from '../../source/api/array-stream.js';

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
		const element = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue(), {maxKeys: 5}));
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
