// Times a person can place: an absolute time always carries its zone, a span reads as "3 d 4 h".
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

function epoch(value: string | number | undefined): number | undefined {
	if (value === undefined || value === '') return undefined;
	if (typeof value === 'string' && !/^\d+$/.test(value)) return undefined;
	const ms = Number(value);
	return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** Epoch ms -> "2018-07-24 17:46 UTC"; "none" when absent, empty or "0". */
export function utcDateTime(value: string | number | undefined): string {
	const ms = epoch(value);
	if (ms === undefined) return 'none';
	const date = new Date(ms);
	return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Epoch ms -> "2018-07-24 17:46:09" in UTC, for a CSV's time column: ISO 8601 with a space for the T and no zone
 * letter, the form Excel, LibreOffice and Google Sheets read as a date and time (the column's name says UTC); empty
 * when absent, empty or "0". */
export function spreadsheetUtc(value: string | number | undefined): string {
	const ms = epoch(value);
	const date = new Date(ms ?? Number.NaN);
	// Past the year 275760 there is no date (a 16-digit time): nothing rather than a throw.
	return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Epoch ms -> local "2018-07-25 01:46 +08:00" (the offset of that moment, daylight saving included); with
 * `seconds`, "2018-07-25 01:46:09 +08:00" (a log line). */
export function localDateTimeWithOffset(value: string | number | undefined, seconds = false): string {
	const ms = epoch(value);
	if (ms === undefined) return 'none';
	const date = new Date(ms);
	const offset = -date.getTimezoneOffset();
	const sign = offset < 0 ? '-' : '+';
	const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''} ${zone}`;
}

/** A span in the two largest units a person uses: "3 d 4 h", "4 h 12 min", "12 min", "45 s". */
export function span(ms: number): string {
	const total = Math.max(0, Math.floor(ms / SECOND)) * SECOND;
	if (total < MINUTE) return `${total / SECOND} s`;
	const days = Math.floor(total / DAY);
	const hours = Math.floor((total % DAY) / HOUR);
	const minutes = Math.floor((total % HOUR) / MINUTE);
	if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
	if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
	return `${minutes} min`;
}

/** "updated 12 s ago" style: how long ago `then` was, at `now`. */
export function ago(then: number, now: number): string {
	return `${span(now - then)} ago`;
}

/** A loan's expiry as a person thinks of it: "none (flexible)", "expires in 3 d 4 h", or "expired 2 h ago". */
export function expiry(expireTime: string | undefined, now: number): string {
	const ms = epoch(expireTime);
	if (ms === undefined) return 'none (flexible)';
	return ms > now ? `expires in ${span(ms - now)}` : `expired ${span(now - ms)} ago`;
}

/** How old a copy is, for "cached 3 min ago": "just now", "3 min ago", "5 h ago", "2 days ago". */
export function age(sinceMs: number): string {
	const minutes = Math.floor(sinceMs / 60_000);
	if (minutes < 1) return 'just now';
	if (minutes < 60) return `${minutes} min ago`;
	const hours = Math.floor(minutes / 60);
	if (hours < 48) return `${hours} h ago`;
	return `${Math.floor(hours / 24)} days ago`;
}
