// An alert of `loan-tui watch` as a person reads it (one line, the level in words, never colour alone) and as a
// program reads it (the NDJSON object of docs/watch.md).
import type {WatchEvent} from './watch.js';
import type {WatchLevel} from '../loans/watch-levels.js';
import {RISK_LABEL} from '../loans/risk.js';
import {ltvPercent} from '../format/money.js';
import {priceAmount} from '../format/price.js';
import {sanitize} from '../format/sanitize.js';
import {localDateTimeWithOffset, span} from '../format/time.js';
import {CHANCE_DISCLAIMER, chancePercent, chanceText, pairName, volatilityPercent} from '../format/chance-words.js';

/** The risk scale's own words (the Loans screen says the same), and closed. */
const LEVEL_WORDS: Record<WatchLevel, string> = {...RISK_LABEL, closed: 'closed'};

const CLOSED_WORDS = {repaid: 'repaid', liquidated: 'LIQUIDATED', unknown: 'no longer open (repaid or liquidated: the histories do not say yet)'} as const;

/** "BTC/USDT" where both coins are known. */
const pair = (event: WatchEvent) => (event.pledgeCoin && event.loanCoin ? ` ${sanitize(event.pledgeCoin)}/${sanitize(event.loanCoin)}` : '');

/** The event's words, without the time. */
export function eventText(event: WatchEvent): string {
	switch (event.kind) {
		case 'blind':
			return event.what === 'loans'
				? `cannot read your loans (${sanitize(event.problem ?? 'no answer')}): the watch is blind until the next read succeeds`
				: `cannot read prices (${sanitize(event.problem ?? 'no answer')}): levels follow the loans' own LTVs only`;
		case 'sees':
			return event.what === 'loans' ? 'reads your loans again' : 'reads prices again';
		case 'top-up':
			return `loan ${event.orderId ?? '?'}${pair(event)}: ${topUpText(event)}`;
		case 'chance':
			return `loan ${event.orderId ?? '?'}${pair(event)}: ${chanceWords(event)}`;
		case 'level':
		case 'reminder': {
			const order = `loan ${event.orderId ?? '?'}${pair(event)}`;
			if (event.level === 'closed') return `${order}: ${CLOSED_WORDS[event.how ?? 'unknown']}`;
			const was =
				event.kind === 'level' && event.previous !== undefined ? ` (was ${LEVEL_WORDS[event.previous]})` : event.kind === 'reminder' ? ' (still)' : '';
			const ltv = event.ltv === undefined ? '' : ` · LTV ${ltvPercent(event.ltv)}${event.projected ? ' (projected)' : ''}`;
			const quote = event.loanCoin === undefined ? '' : sanitize(event.loanCoin);
			const inQuote = (price: string | undefined) => `${priceAmount(price, quote)} ${quote}`;
			const prices =
				event.price === undefined
					? ''
					: ` · ${sanitize(event.pledgeCoin ?? '')} at ${inQuote(event.price)}; margin call at ${inQuote(event.marginCallPrice)}, liquidation at ${inQuote(event.liquidationPrice)}`;
			return `${order}: ${LEVEL_WORDS[event.level ?? 'ok']}${was}${ltv}${prices}`;
		}
	}
}

/** "CHANCE of a margin call within 24 h: 1-in-7 (13%), at or past --warn-chance 10% · ETH moved 70% a year over the last
 * 30 days · ETH at 1,545.0000 USDT; margin call at 1,462.5512 USDT (advice: nothing is sent for it)". */
function chanceWords(event: WatchEvent): string {
	const figures = event.chance;
	if (figures === undefined) return 'chance unknown';
	const within = figures.horizonHours >= 24 ? '24 h' : span(figures.horizonHours * 3_600_000);
	const quote = sanitize(event.loanCoin ?? '');
	const coin = pairName({base: event.pledgeCoin ?? '', quote: event.loanCoin ?? ''});
	const projected = event.projected ? ' (projected)' : '';
	return (
		`CHANCE of a margin call within ${within}: ${chanceText(figures.marginCallProbability)} (${chancePercent(figures.marginCallProbability)}), ` +
		`at or past --warn-chance ${thresholdPercent(figures.threshold)}${projected} · ${coin} moved ${volatilityPercent(figures.volatility)} a year over the last 30 days · ` +
		`${sanitize(event.pledgeCoin ?? '')} at ${priceAmount(event.price, quote)} ${quote}; margin call at ${priceAmount(event.marginCallPrice, quote)} ${quote} (advice: nothing is sent for it)`
	);
}

/** P as given: "10%", "0.05%" (chancePercent would round the small ones away). */
const thresholdPercent = (threshold: number) => `${Number((threshold * 100).toFixed(3))}%`;

/** Said once when a watch starts with --warn-chance, the model's caveat with it. */
export function chanceWatchLine(threshold: number): string {
	return `--warn-chance: an alert when a loan's chance of a margin call within 24 h reaches ${thresholdPercent(threshold)} (${chanceText(threshold)}); advice only, it never tops up. ${CHANCE_DISCLAIMER}`;
}

function topUpText(event: WatchEvent): string {
	const report = event.topUp;
	const amount = report?.amount === undefined ? '' : `${report.amount} ${sanitize(event.pledgeCoin ?? '')}`;
	const ltvs =
		report?.ltvBefore !== undefined && report.ltvAfter !== undefined ? ` (LTV ${ltvPercent(report.ltvBefore)} → ${ltvPercent(report.ltvAfter)})` : '';
	const capped = report?.capped ? ', capped by --max-add' : '';
	switch (report?.result) {
		case 'done':
			return `TOP-UP added ${amount}${ltvs}${capped}${report.reason === undefined ? '' : ` (${sanitize(report.reason)})`}`;
		case 'settled':
			return `top-up settled: ${sanitize(report.reason ?? '')}`;
		case 'dry-run':
			return `top-up would add ${amount}${ltvs}${capped}; nothing sent (add --yes to let the watch add it)`;
		case 'refused':
			return `TOP-UP of ${amount} REFUSED: ${sanitize(report.reason ?? 'refused')}; not retried for this crossing`;
		case 'unknown':
			return `TOP-UP of ${amount}: OUTCOME UNKNOWN (${sanitize(report.reason ?? 'no answer')}); no more top-ups for this loan until its history shows what happened — loan-tui history --local`;
		default:
			return `top-up not done: ${sanitize(report?.reason ?? '')}`;
	}
}

/** One line for stdout: the local time with its offset, then the words. */
export function eventLine(event: WatchEvent): string {
	return `${localDateTimeWithOffset(event.time, true)}  ${eventText(event)}`;
}

/** The NDJSON object: {time, kind, orderId, level, ltv, price, marginCallPrice, liquidationPrice, projected, …}. */
export function eventJson(event: WatchEvent): Record<string, unknown> {
	return {
		time: new Date(event.time).toISOString(),
		kind: event.kind,
		orderId: event.orderId ?? null,
		level: event.level ?? null,
		previous: event.previous ?? null,
		ltv: event.ltv ?? null,
		price: event.price ?? null,
		marginCallPrice: event.marginCallPrice ?? null,
		liquidationPrice: event.liquidationPrice ?? null,
		projected: event.projected ?? false,
		...(event.how ? {how: event.how} : {}),
		...(event.what ? {what: event.what, problem: event.problem ?? null} : {}),
		...(event.topUp ? {topUp: event.topUp} : {}),
		...(event.chance ?? {}),
		loanCoin: event.loanCoin ?? null,
		pledgeCoin: event.pledgeCoin ?? null,
		text: eventText(event),
	};
}
