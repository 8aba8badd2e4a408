// The estimate table tells no number it cannot back: a long amount is written with an exponent, never cut, the official
// rates of the loan coin (coinInfos) are shown, a tiny amount's rate is never "0%", and "lowest" marks only a rate
// that is lower once rounded as shown.
import {afterEach, describe, expect, it} from 'vitest';
import Big from 'big.js';
import {estimateFor} from '../../source/simulator/index.js';
import {KEYS, renderApp, type RenderedApp} from '../helpers/ink.js';
import {useSimulator} from '../helpers/simulator.js';

const estimateScreen = {stack: [{name: 'home' as const}, {name: 'estimate' as const}], quit: false};
const answer = (loanAmount: string, hourInterest: string) =>
	JSON.stringify({code: '00000', msg: 'success', requestTime: Date.now(), data: {loanAmount, hourInterest}});

describe('estimate table honesty', () => {
	const sim = useSimulator();
	let app: RenderedApp | undefined;
	afterEach(() => app?.unmount());

	const fill = async (loan: string, pledge: string, amount: string) => {
		app = await renderApp({baseUrl: sim.simulator.url, initial: estimateScreen});
		await app.waitForText('Loan coin');
		await app.type(loan);
		await app.press(KEYS.enter);
		await app.type(pledge);
		await app.press(KEYS.enter, KEYS.enter);
		await app.type(amount);
	};

	it('a borrowable amount too long for its column is written with an exponent', async () => {
		for (let i = 0; i < 3; i++) sim.simulator.injectFault({kind: 'raw', operation: 'estimate', body: answer('98765432109876543210', '123.456')});
		await fill('USDT', 'BTC', '1');
		const frame = await app!.waitForText(/Borrowable \(USDT\)\s+9\.\d+e19\s/);
		expect(frame).not.toMatch(/98765432109876543\b/);
		expect(frame).not.toContain('…');
	});

	it('a pledge of 99999999999999: every figure too wide is an exponent of the right size, never a prefix', async () => {
		await fill('USDT', 'BTC', '99999999999999');
		const frame = await app!.waitForText(/Daily interest\s+\S+e\d+/);
		const daily = new Big(estimateFor('USDT', 'BTC', 'SEVEN', '99999999999999').hourInterest).times(24);
		const power = daily.round(0, Big.roundDown).toFixed().length - 1;
		const cell = new RegExp(`Daily interest\\s+(\\d(?:\\.\\d+)?)e${power}\\s`).exec(frame);
		expect(cell, frame).not.toBeNull();
		// The shown mantissa is the real one rounded: within 1 % of the real value, not 10x too small.
		expect(new Big(`${cell![1]}e${power}`).div(daily).minus(1).abs().lt('0.01')).toBe(true);
		expect(frame).not.toContain('…');
	});

	it('shows the official hourly rate and APR per period from coinInfos, and marks the lowest rate', async () => {
		await fill('USDT', 'BTC', '1');
		const frame = await app!.waitForText(/Official APR\s+5\.40%\s+5\.61%\s+6\.13%/);
		expect(frame).toMatch(/Official hourly rate\s+0\.000617%\s+0\.000640%\s+0\.000700%/);
		expect(frame).toMatch(/Annualised rate\s+5\.40% ← lowest\s+5\.61%\s+6\.13%/);
	});

	it('a tiny amount whose interest rounds to nothing shows the official rate, never 0%, and no "lowest" from noise', async () => {
		await fill('USDT', 'BTC', '0.00000001');
		const frame = await app!.waitForText(/APR \(official\)\s+5\.40% ← lowest\s+5\.61%\s+6\.13%/);
		expect(frame).toMatch(/Hourly interest\s+0\.0000\s/);
		const rateLine = frame.split('\n').find((line) => line.startsWith('APR (official)'))!;
		expect(rateLine).not.toMatch(/\b0(\.0+)?%/);
		// Official rates still differ once shown (5.40 < 5.61): the mark is honest here.
		expect(rateLine).toContain('←');
	});

	it('rates that are equal once rounded as shown get no "lowest" mark', async () => {
		// APRs 5.4005 %, 5.4032 % and 6.13 %: the first two both show as 5.40 %.
		for (const hourly of ['0.06165', '0.06168', '0.07']) sim.simulator.injectFault({kind: 'raw', operation: 'estimate', body: answer('10000', hourly)});
		await fill('USDT', 'BTC', '1');
		const frame = await app!.waitForText(/Annualised rate\s+\S+%\s+\S+%\s+6\.13%/);
		expect(frame).toMatch(/Annualised rate\s+5\.40%\s+5\.40%\s+6\.13%/);
		expect(frame).not.toContain('←');
	});
});
