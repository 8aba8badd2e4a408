// The demo's slow price drift: every coin but the stablecoins swings within ±0.4 % of its table price (coins.ts) on
// a 24-step wave, each coin at its own phase, so the live prices visibly move while no demo loan gets near its
// liquidation (the tight ETH loan sits near 0.76 LTV, liquidation at 0.9: loan-book.ts). Decimal throughout; one
// step is one call, so tests drive it exactly (or leave it off: startSimulator runs it only with priceDriftEveryMs).
import Big from 'big.js';
import {COINS} from './coins.js';
import {formatDecimal} from './decimal.js';
import type {LoanBook} from './loan-book.js';

const AMPLITUDE = '0.004';
/** sin(2πk/24), k = 0…23, to 4 places. */
const WAVE = ['0', '0.2588', '0.5', '0.7071', '0.866', '0.9659', '1', '0.9659', '0.866', '0.7071', '0.5', '0.2588'];
const STEPS = WAVE.length * 2;
const STABLE = new Set(['USDT', 'USDC']);

function wave(step: number): Big {
	const k = ((step % STEPS) + STEPS) % STEPS;
	return k < WAVE.length ? new Big(WAVE[k]!) : new Big(WAVE[k - WAVE.length]!).neg();
}

/** The USDT prices at drift step `step`: each coin's table price × (1 + 0.4 % × the wave at its phase). */
export function driftedPrices(step: number): Map<string, string> {
	const prices = new Map<string, string>();
	let phase = 0;
	for (const [coin, info] of COINS) {
		if (STABLE.has(coin)) continue;
		const factor = new Big(1).plus(new Big(AMPLITUDE).times(wave(step + phase)));
		// 12 places keep SHIB's 0.00000721 moving; formatDecimal prints no exponent.
		prices.set(coin, formatDecimal(new Big(info.price).times(factor), 12, Big.roundHalfUp));
		phase += 5;
	}
	return prices;
}

export class PriceDrift {
	private step = 0;

	constructor(private readonly book: LoanBook) {}

	/** One step of the wave: every drifting coin's price is set at once (one push per moved pair). */
	next(): void {
		this.step++;
		this.book.setPrices(driftedPrices(this.step));
	}

	reset(): void {
		this.step = 0;
	}
}
