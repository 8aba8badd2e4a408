// The Loans screen's reads: every refreshMs while mounted, none after it is gone (the hook, with a short interval).
// The interval is faked (setInterval only: HTTP, setImmediate and setTimeout stay real), so each tick is a step the
// test takes and the number of reads is exact, however slow the machine.
import React from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createCredentialsAccess} from '../../source/services/credentials-access.js';
import {useLoanBook} from '../../source/screens/loans/use-loan-book.js';
import type {BitgetClient} from '../../source/api/client.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {plain, waitFor} from '../helpers/ink.js';

const REFRESH_MS = 150;

function Probe({client, onRead}: {client: BitgetClient; onRead?: (orderIds: string[]) => void}) {
	const [credentials] = React.useState(() =>
		createCredentialsAccess({
			client,
			environment: {state: 'absent'},
			profile: 'default',
			fixed: {credentials: TEST_CREDENTIALS, source: 'demo', profile: 'default'},
		}),
	);
	const book = useLoanBook(client, credentials, REFRESH_MS, onRead);
	const {state} = book;
	return <Text>{`read ${state.request} ${state.loading ? 'out' : 'in'} · ${state.loans ? `loans ${state.loans.length}` : 'none yet'}`}</Text>;
}

describe('loan book refresh', () => {
	const sim = useSimulator({demoLoans: true});
	const reads = () => sim.simulator.requests.filter((r) => r.operation === 'ongoingOrders').length;
	afterEach(() => void vi.useRealTimers());

	it('reads again at each interval while shown, and stops when the screen goes', async () => {
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
		const client = sim.client();
		const instance = render(<Probe client={client} />);
		const frame = () => plain(instance.lastFrame());
		// Rendered again at once (legacy-mode React commits synchronously): the frame then shows every update made so far.
		const flushed = () => (instance.rerender(<Probe client={client} />), frame());
		await waitFor(() => expect(frame()).toBe('read 1 in · loans 2'));
		expect(reads()).toBe(1);
		// The hook's one timer: its interval.
		expect(vi.getTimerCount()).toBe(1);
		for (let read = 2; read <= 4; read++) {
			// Just short of the interval: no read starts (the hook counts a read the moment it starts one).
			vi.advanceTimersByTime(REFRESH_MS - 1);
			expect(flushed()).toBe(`read ${read - 1} in · loans 2`);
			vi.advanceTimersByTime(1);
			await waitFor(() => expect(frame()).toBe(`read ${read} in · loans 2`));
			expect(reads()).toBe(read);
		}
		instance.unmount();
		// Gone: its interval is cleared, and time passing starts nothing (no read was out when it went).
		expect(vi.getTimerCount()).toBe(0);
		vi.advanceTimersByTime(REFRESH_MS * 10);
		expect(reads()).toBe(4);
	});

	it("hands each read's open order ids to onRead (for shell completion)", async () => {
		const client = sim.client();
		const heard: string[][] = [];
		const instance = render(<Probe client={client} onRead={(ids) => heard.push(ids)} />);
		await waitFor(() => expect(heard).toHaveLength(1));
		const open = (await client.ongoingOrders()).map((loan) => loan.orderId);
		expect(heard[0]!.sort()).toEqual(open.sort());
		expect(open).toHaveLength(2);
		instance.unmount();
	});
});
