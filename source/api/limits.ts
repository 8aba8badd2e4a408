// How much of an answer is read, after decoding. A hostile or broken server (or proxy) can send a small
// compressed body that inflates without end; reading stops as soon as a cap is passed, so memory and the disk
// cache stay bounded whatever arrives.

const KiB = 1024;
const MiB = 1024 * KiB;

/** Per operation: small for the answers that are one small object, generous for the whole symbol list. */
const DECODED_LIMITS: Record<string, number> = {
	// The real listing is a few hundred KB (about 3,200 pairs); this allows for some 250k pairs.
	symbols: 128 * MiB,
	estimate: 64 * KiB,
	borrow: 64 * KiB,
	// Every pair's ticker: about 350 bytes each, some 1,500 pairs in the real listing.
	tickers: 16 * MiB,
	// 1000 candles (the most one answer holds) of eight strings each are about 150 KB; twice that and some.
	candles: 512 * KiB,
};

/** Any operation not listed (a later one) gets this. */
const DEFAULT_DECODED_LIMIT = 1 * MiB;

/** One record of a streamed list (a symbol record is about 450 bytes). */
export const MAX_RECORD_BYTES = 64 * KiB;
/** Everything of a streamed envelope outside its data array (code, msg, requestTime). */
export const MAX_SKELETON_BYTES = 64 * KiB;

export function decodedLimit(operation: string): number {
	return DECODED_LIMITS[operation] ?? DEFAULT_DECODED_LIMIT;
}

/** "64 KiB", "128 MiB". */
export function formatBytes(bytes: number): string {
	return bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${Math.round(bytes / KiB)} KiB`;
}
