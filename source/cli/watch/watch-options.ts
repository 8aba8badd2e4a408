// The options of `loan-tui watch` (runtime/command-spec.ts names them): checked before anything is read, each bad one a
// usage error (exit 2) that says what to give instead. cli/commands/watch.ts wires what they ask for.
import Big from 'big.js';
import {checkOrderId} from '../../api/loan-requests.js';
import {checkAmount} from '../../api/validate.js';
import {chanceText} from '../../format/chance-words.js';
import {ltvPercent} from '../../format/money.js';
import {sanitize} from '../../format/sanitize.js';
import type {MaxAdd} from '../../operations/watch-session.js';
import type {ParsedArgs} from '../../runtime/args.js';
import {UsageError} from '../../runtime/exit-codes.js';
import {percentFlag} from '../commands/to-ltv.js';

const DEFAULT_INTERVAL_S = 60;
export const MIN_INTERVAL_S = 10;
const DEFAULT_REPEAT_MIN = 30;

interface TopUpFlags {
	at: string;
	to: string;
	maxAdd: MaxAdd;
}
export interface WatchOptions {
	topUp?: TopUpFlags;
	orderIds?: string[];
	intervalMs: number;
	repeatMs: number;
	warnLtv?: string;
	warnFall?: string;
	/** --warn-chance: the chance of a margin call within 24 h (a probability, 0..1) past which a loan is an alert. */
	warnChance?: number;
	once: boolean;
}

export function watchOptions(values: ParsedArgs['values']): WatchOptions {
	const number = (flag: string, text: string | undefined, fallback: number, min: number, max: number, unit: string) => {
		if (text === undefined) return fallback;
		if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < min || Number(text) > max)
			throw new UsageError(`--${flag} must be a whole number of ${unit} from ${min} to ${max} (got "${sanitize(text)}")`);
		return Number(text);
	};
	const percent = (flag: string, text: string | undefined) => (text === undefined ? undefined : percentFlag(flag, text));
	const topUp = topUpPolicy(values, percent);
	const orderIds = values.order?.split(',').map((id) => id.trim());
	for (const id of orderIds ?? []) {
		const checked = checkOrderId(id);
		if (!checked.ok) throw new UsageError(`--order: ${checked.message}`);
	}
	return {
		...(topUp ? {topUp} : {}),
		...(orderIds ? {orderIds} : {}),
		intervalMs: number('interval', values.interval, DEFAULT_INTERVAL_S, MIN_INTERVAL_S, 86_400, 'seconds') * 1000,
		repeatMs: number('repeat', values.repeat, DEFAULT_REPEAT_MIN, 1, 10_080, 'minutes') * 60_000,
		warnLtv: percent('warn-ltv', values['warn-ltv']),
		warnFall: percent('warn-fall', values['warn-fall']),
		...(values['warn-chance'] === undefined ? {} : {warnChance: chanceFlag(values['warn-chance'])}),
		once: values.once === true,
	};
}

/** --warn-chance as a percentage like the other watch thresholds: "10" or "10%" is a 1-in-10 chance, "0.5%" one in 200.
 * A bare number below 1 ("0.1") is refused: it could mean a fraction (10 %) as well as 0.1 %, and the two are a hundred
 * times apart. */
function chanceFlag(text: string): number {
	const trimmed = text.trim();
	const signed = /%$/.test(trimmed);
	const digits = trimmed.replace(/\s*%$/, '');
	const value = /^\d{1,2}(\.\d{1,3})?$/.test(digits) ? Number(digits) : undefined;
	if (value !== undefined && !signed && value > 0 && value < 1) {
		const asFraction = Number((value * 100).toFixed(1));
		throw new UsageError(
			`--warn-chance ${digits} could be a fraction or a percentage: write ${asFraction}% for a ${chanceText(value)} chance, or ${digits}% for a ${chanceText(value / 100)} chance`,
		);
	}
	if (value === undefined || !(value > 0) || !(value < 100))
		throw new UsageError(
			`--warn-chance must be a percentage above 0 and below 100, like 10 or 10% (a 1-in-10 chance of a margin call within 24 h) (got "${sanitize(text).slice(0, 40)}")`,
		);
	return value / 100;
}

/** --top-up-at, --top-up-to and --max-add: all three or none, the target below the trigger. */
function topUpPolicy(values: ParsedArgs['values'], percent: (flag: string, text: string | undefined) => string | undefined): TopUpFlags | undefined {
	const flags = ['top-up-at', 'top-up-to', 'max-add'] as const;
	const given = flags.filter((flag) => values[flag] !== undefined);
	if (given.length === 0) {
		if (values.yes) throw new UsageError('--yes goes with --top-up-at, --top-up-to and --max-add: the watch sends nothing else');
		return undefined;
	}
	if (given.length < 3)
		throw new UsageError(
			`a top-up needs --top-up-at, --top-up-to and --max-add together (missing: ${flags
				.filter((flag) => !given.includes(flag))
				.map((flag) => `--${flag}`)
				.join(', ')})`,
		);
	const at = percent('top-up-at', values['top-up-at'])!;
	const to = percent('top-up-to', values['top-up-to'])!;
	if (new Big(to).gte(at)) throw new UsageError(`--top-up-to (${ltvPercent(to)}) must be below --top-up-at (${ltvPercent(at)}): a top-up brings the LTV down`);
	return {at, to, maxAdd: maxAddFlag(values['max-add']!)};
}

/** "0.5BTC", "0.5 BTC,5000DOGE" (each coin once), or a bare "0.5". */
function maxAddFlag(text: string): MaxAdd {
	const example = 'like --max-add 0.5BTC, or --max-add 0.5BTC,5000DOGE for loans of two pledge coins';
	const items = text.split(',').map((item) => item.trim());
	const perCoin = new Map<string, string>();
	for (const item of items) {
		const match = /^([0-9.]+)\s*([A-Za-z0-9]{1,20})?$/.exec(item);
		if (!match) throw new UsageError(`--max-add takes an amount and its coin, ${example} (got "${sanitize(item).slice(0, 40)}")`);
		const amount = checkAmount(match[1]!, '--max-add');
		if (!amount.ok) throw new UsageError(amount.message);
		if (new Big(amount.value).lte(0)) throw new UsageError('--max-add must be more than zero');
		const coin = match[2]?.toUpperCase();
		if (coin === undefined) {
			if (items.length > 1) throw new UsageError(`--max-add names a coin for each amount when it lists several, ${example}`);
			return {bare: amount.value};
		}
		if (perCoin.has(coin)) throw new UsageError(`--max-add names ${coin} twice: give each coin once`);
		perCoin.set(coin, amount.value);
	}
	return {perCoin};
}
