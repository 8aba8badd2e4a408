// The one risk scale: the Loans screen, a loan's detail, `loans --json` and `loan-tui watch` name a loan's risk the
// same way, at the same thresholds and in the same words.
import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import {ongoingLoan} from '../helpers/loans.js';
import {RISK_LABEL, RISK_SEVERITY, riskOf, type RiskLevel, type RiskThresholds} from '../../source/loans/risk.js';
import {severity, watchLevel, type WatchLevel} from '../../source/loans/watch-levels.js';
import {describeLoan, loanDetailRows, RISK_SYMBOL} from '../../source/format/loans.js';
import {loanTable} from '../../source/screens/loans/loan-rows.js';
import {eventText} from '../../source/operations/watch-words.js';
import {makeTheme, riskColor} from '../../source/ui/theme.js';
import {fallTo, loanMarkPrices, tickerBook} from '../../source/loans/prices.js';
import {seenFall} from '../../source/operations/watch.js';
import type {Ticker} from '../../source/api/types.js';

const LEVELS: RiskLevel[] = ['ok', 'warn', 'margin-call', 'liquidation-near'];

/** A fraction with 4 decimals from an integer of basis points. */
const fraction = (points: number) => new Big(points).div(10_000).toFixed();

/** A loan's LTVs (call below liquidation), its LTV anywhere from 1 % to past the liquidation, and watch's thresholds
 * or none. */
const loanAndThresholds = fc
	.record({
		call: fc.integer({min: 1000, max: 9500}),
		gap: fc.integer({min: 1, max: 2000}),
		ltv: fc.integer({min: 100, max: 12_000}),
		warnLtv: fc.option(fc.integer({min: 100, max: 9999}), {nil: undefined}),
		warnFall: fc.option(fc.integer({min: 1, max: 5000}), {nil: undefined}),
	})
	.map(({call, gap, ltv, warnLtv, warnFall}) => {
		const loan = ongoingLoan({orderId: '7', pledgeRate: fraction(ltv), supRate: fraction(call), forceRate: fraction(call + gap)});
		const thresholds: RiskThresholds = {
			...(warnLtv === undefined ? {} : {warnLtv: fraction(warnLtv)}),
			...(warnFall === undefined ? {} : {warnFall: fraction(warnFall)}),
		};
		return {loan, thresholds};
	});

describe('the one risk scale', () => {
	it('ok, warn from 5 points under the margin call, margin-call, liquidation-near from 3 points under the liquidation and past it', () => {
		const at = (pledgeRate: string) => riskOf(ongoingLoan({pledgeRate}));
		expect(at('0.7').level).toBe('ok');
		expect(at('0.7499').level).toBe('ok');
		expect(at('0.75')).toMatchObject({level: 'warn', label: 'WARN', moveToMarginCall: '0.0625', moveToLiquidation: '0.16666667'});
		expect(at('0.8')).toMatchObject({level: 'margin-call', label: 'MARGIN CALL'});
		expect(at('0.8699').level).toBe('margin-call');
		expect(at('0.87')).toMatchObject({level: 'liquidation-near', label: 'LIQUIDATION NEAR'});
		// At or past the liquidation LTV is liquidation-near's worst case, not a level of its own.
		expect(at('0.91')).toMatchObject({level: 'liquidation-near', moveToLiquidation: '0'});
	});

	it('the screen, the detail, loans --json and watch give a loan the same level, at any LTVs and thresholds', () => {
		fc.assert(
			fc.property(loanAndThresholds, ({loan, thresholds}) => {
				const watched = watchLevel(loan, loan.pledgeRate, thresholds);
				expect(riskOf(loan, thresholds).level).toBe(watched);
				// The app and `loans` use watch's default thresholds.
				const byDefault = watchLevel(loan, loan.pledgeRate);
				expect(loanTable([loan], 0, 120).rows[0]!.level).toBe(byDefault);
				expect(loanDetailRows(loan, 0).risk.level).toBe(byDefault);
				expect(describeLoan(loan).risk.level).toBe(byDefault);
			}),
		);
	});

	it('"worse" is the same order on the screen and in the watch', () => {
		for (const a of LEVELS) for (const b of LEVELS) expect(Math.sign(RISK_SEVERITY[a] - RISK_SEVERITY[b])).toBe(Math.sign(severity(a) - severity(b)));
	});

	it("every level of the watch but closed has the screen's symbol, colour and word, and the watch says the same word", () => {
		const theme = makeTheme(false);
		const watchLevels: Array<Exclude<WatchLevel, 'closed'>> = ['ok', 'warn', 'margin-call', 'liquidation-near'];
		expect(Object.keys(RISK_LABEL).sort()).toEqual([...watchLevels].sort());
		expect(Object.keys(RISK_SYMBOL).sort()).toEqual([...watchLevels].sort());
		expect(new Set(Object.values(RISK_SYMBOL)).size).toBe(watchLevels.length);
		expect(watchLevels.map((level) => riskColor(theme, level))).toEqual([undefined, theme.warn, theme.bad, theme.bad]);
		for (const level of watchLevels) {
			const alert = eventText({kind: 'level', time: 0, orderId: '7', level});
			expect(alert).toBe(`loan 7: ${RISK_LABEL[level]}`);
		}
	});
});

describe('the falls to the marks come from the same figures as the mark prices', () => {
	// 7,000 USDT owed against 0.1 BTC at 100,000: the LTV is 70 % exactly, but the server's (rounded, read at another
	// moment) says 70.01 %. The margin-call price is 7,000 ÷ (0.1 × 0.8) = 87,500: 12.50 % below, not 1 − 0.7001 / 0.8.
	const loan = ongoingLoan({pledgeRate: '0.7001'});
	const read = {ok: true as const, book: tickerBook([{symbol: 'BTCUSDT', lastPr: '100000', ts: '0'} as Ticker])};

	it('with a price: 1 − mark price ÷ price, on the list, the detail, --json and watch alike; without one, the LTV ratio', () => {
		const marks = loanMarkPrices(loan, '100000');
		expect(marks.marginCallDistance).toBe('0.125');
		const risk = riskOf(loan, {}, '100000');
		expect(risk.moveToMarginCall).toBe(marks.marginCallDistance);
		expect(risk.moveToLiquidation).toBe(fallTo('100000', marks.liquidationPrice));
		expect(describeLoan(loan, '100000').risk.moveToMarginCall).toBe('0.125');
		expect(loanDetailRows(loan, 0, 24, false, '100000').rows).toContainEqual(['Margin call', 'if BTC falls 12.50% against USDT']);
		expect(loanTable([loan], 0, 200, {read, now: 0}).rows[0]!.gauge.join(' ')).toContain('falls: 12.50% to call');
		expect(seenFall({price: '100000', marginCallPrice: marks.marginCallPrice})).toBe('0.125');
		// No price known: the server's LTV is all there is.
		expect(riskOf(loan).moveToMarginCall).toBe('0.124875');
		expect(seenFall({})).toBeUndefined();
	});

	it("watch's --warn-fall judges the fall from the price when it is known", () => {
		const thresholds = {warnFall: '0.1249'};
		expect(watchLevel(loan, loan.pledgeRate, thresholds, seenFall({price: '100000', marginCallPrice: '87500'}))).toBe('ok');
		expect(watchLevel(loan, loan.pledgeRate, thresholds)).toBe('warn');
		expect(riskOf(loan, thresholds, '100000').level).toBe('ok');
	});
});
