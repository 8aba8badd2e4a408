// History and Loans in a real terminal at the widths people use (60×16, 100 and 110 columns): what matters stays
// whole (statuses and amounts, the LTV's call and liquidation), codes read as words, the header sits over its
// columns, and the list keys (Enter, c, /) work in bursts.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {TEST_CREDENTIAL_ENV, useSimulator} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

describe.skipIf(tmuxMissing)(`History and Loans at every width${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	const sim = useSimulator({demoLoans: true});
	let tmux: Tmux | undefined;
	let tight = '';
	let calm = '';
	afterEach(() => tmux?.kill());
	beforeEach(() => {
		({tight, calm} = sim.demoLoanIds());
	});
	const start = async (columns: number, rows: number) => {
		tmux = Tmux.start(`node ${CLI} --base-url ${sim.simulator.url}`, {env: TEST_CREDENTIAL_ENV, columns, rows});
		await tmux.waitFor('? this help');
		await tmux.send('4');
		return tmux.waitFor('Total pledged');
	};

	it('Loans at 60×16: both loans, the totals whole; the detail keeps the call and liquidation marks', async () => {
		await start(60, 16);
		// Whole once each loan's chance is read (its cell says … until its price history comes).
		const list = await tmux!.waitFor(/\d%\s+none \(flexible\)[\s\S]*\d%\s+in \d/);
		expect(list).not.toMatch(/loans \d+-\d+ of/);
		expect(list).toContain('▵ WARN');
		expect(list).toContain('✓ ok');
		expect(list).not.toContain('…');
		expect(list).toMatch(/Total pledged\s+0\.50000000 BTC, 20\.00000000 ETH/);
		await tmux!.burst('Enter');
		const detail = await tmux!.waitFor('Owed now');
		expect(detail).toMatch(/LTV\s+\[[#.|!]+\] LTV 75\.73% \/\s*\n\s+call 80\.00% \/ liq 90\.00%/);
		expect(detail).toContain(`Loan · ${tight}`);
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('Loans at 110 columns: each heading sits over its column; / and c in a burst', async () => {
		await start(110, 30);
		// The prices come with their own read, after the loans.
		const list = await tmux!.waitFor('LIQ AT');
		const lines = list.split('\n');
		const header = lines.find((line) => line.includes('BORROWED'))!;
		const rows = lines.filter((line) => /▵ WARN|✓ ok/.test(line));
		expect(rows).toHaveLength(2);
		// Right-aligned columns end where their heading ends (on either line of a loan's figures, with the prices the
		// figures take two); the risk word starts under RISK.
		for (const [heading, cell] of [
			['BORROWED', / USDT/],
			['COLLATERAL', / (ETH|BTC)/],
			['LIQ AT', / (1,300\.0455|20,850\.6177)/],
		] as const) {
			const headingLine = lines.find((line) => line.includes(heading))!;
			const end = headingLine.indexOf(heading) + heading.length;
			const cells = lines.filter((line) => cell.test(line) && !/^Total|LTV|BORROWED|COLLATERAL/.test(line));
			expect(cells, heading).toHaveLength(2);
			for (const row of cells) {
				const match = cell.exec(row)!;
				expect(match.index + match[0].length, `${heading} over ${row}`).toBe(end);
			}
		}
		for (const row of rows) expect(row.search(/[▵✓] /)).toBe(header.indexOf('RISK'));
		tmux!.setOption('set-clipboard', 'on');
		await tmux!.burst('/', 'b', 't', 'c', 'Enter', 'c');
		const filtered = await tmux!.waitFor(/Order ID sent to the clipboard|cannot take a copy/);
		expect(filtered).toMatch(/\/ btc\s+1 of 2/);
		expect(filtered).not.toContain('▵ WARN');
		await tmux!.send('Escape');
		await tmux!.waitFor('▵ WARN');
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});

	it('History at 100 columns: statuses and periods in words, nothing cut; Enter opens a loan or says it is closed; narrower drops columns, never the status', async () => {
		await sim.client().repay({orderId: calm, repayAll: true, repayUnlock: true});
		await start(100, 30);
		await tmux!.send('h');
		const history = await tmux!.waitFor('page 1 of 1');
		expect(history).toMatch(new RegExp(`${calm}.*7 days\\s+repaid\\s*$`, 'm'));
		expect(history).toMatch(new RegExp(`${tight}.*flexible\\s+open\\s*$`, 'm'));
		expect(history).not.toMatch(/SEVEN|FLEXIBLE|BORROWING|\bREPAY\b|…/);
		// The repaid loan is the older record: Down, Enter in one burst.
		await tmux!.burst('Down', 'Enter');
		await tmux!.waitFor(`${calm}: closed (repaid), nothing to open`);
		tmux!.resize(60, 16);
		// The time gives way first (the notice of the closed loan stays on the line below the table).
		const narrow = await tmux!.waitFor(/^ {2}ORDER\s+BORROWED\s+STATUS$/m);
		expect(narrow).toMatch(/repaid\s*$/m);
		expect(narrow).not.toMatch(/\brep…|\bope…|US…/);
		await tmux!.burst('Up', 'Enter');
		await tmux!.waitFor('Owed now');
		expect(tmux!.screen()).toContain(`Loan · ${tight}`);
		await tmux!.send('C-c');
		await tmux!.waitFor('EXIT=0');
	});
});
