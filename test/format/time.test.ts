import {describe, expect, it} from 'vitest';
import {ago, expiry, localDateTimeWithOffset, span, utcDateTime} from '../../source/format/time.js';

describe('absolute times carry their zone', () => {
	it('UTC', () => {
		expect(utcDateTime('1532454360000')).toBe('2018-07-24 17:46 UTC');
		expect(utcDateTime(1532454360000)).toBe('2018-07-24 17:46 UTC');
	});

	it('absent, empty, zero or malformed is "none"', () => {
		for (const value of [undefined, '', '0', 'soon', '-5']) expect(utcDateTime(value)).toBe('none');
	});

	it('local with the offset of that moment', () => {
		const text = localDateTimeWithOffset('1532454360000');
		expect(text).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/);
		// Same instant: local wall time minus the offset is the UTC time.
		const [, date, time, sign, hh, mm] = /^(\S+) (\S+) ([+-])(\d\d):(\d\d)$/.exec(text)!;
		const offset = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
		expect(Date.parse(`${date}T${time}:00Z`) - offset * 60_000).toBe(1532454360000);
	});
});

describe('spans read as a person says them', () => {
	it('uses the two largest units', () => {
		const s = 1000,
			m = 60 * s,
			h = 60 * m,
			d = 24 * h;
		expect(span(3 * d + 4 * h + 5 * m)).toBe('3 d 4 h');
		expect(span(2 * d)).toBe('2 d');
		expect(span(4 * h + 12 * m + 9 * s)).toBe('4 h 12 min');
		expect(span(5 * h)).toBe('5 h');
		expect(span(12 * m + 30 * s)).toBe('12 min');
		expect(span(12_400)).toBe('12 s');
		expect(span(-5)).toBe('0 s');
		expect(ago(1_000, 13_000)).toBe('12 s ago');
	});

	it('tells expiry relative to now, and none for a flexible loan', () => {
		const now = Date.UTC(2026, 0, 1);
		expect(expiry('0', now)).toBe('none (flexible)');
		expect(expiry(String(now + 76 * 3600_000), now)).toBe('expires in 3 d 4 h');
		expect(expiry(String(now - 2 * 3600_000), now)).toBe('expired 2 h ago');
	});
});
