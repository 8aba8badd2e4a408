// The Loans screen's reads: every refreshMs while mounted, none after it is gone (the hook, with a short interval).
import React from 'react';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {createCredentialsAccess} from '../../source/ui/credentials-access.js';
import {useLoanBook} from '../../source/screens/loans/use-loan-book.js';
import type {BitgetClient} from '../../source/api/client.js';
import {TEST_CREDENTIALS, useSimulator} from '../helpers/simulator.js';
import {plain} from '../helpers/ink.js';

function Probe({client}: {client: BitgetClient}) {
	const [credentials] = React.useState(() =>
		createCredentialsAccess({client, env: {}, profile: 'default', fixed: {credentials: TEST_CREDENTIALS, source: 'demo', profile: 'default'}}),
	);
	const book = useLoanBook(client, credentials, 150);
	return <Text>{book.state.loans ? `loans ${book.state.loans.length} at ${book.state.updatedAt}` : 'none yet'}</Text>;
}

describe('loan book refresh', () => {
	const sim = useSimulator({demoLoans: true});
	const reads = () => sim.simulator.requests.filter((r) => r.operation === 'ongoingOrders').length;

	it('reads again by itself while shown, and stops when the screen goes', async () => {
		const instance = render(<Probe client={sim.client()} />);
		await expect.poll(() => plain(instance.lastFrame())).toMatch(/^loans 2 at \d+/);
		await expect.poll(reads, {timeout: 2000}).toBeGreaterThanOrEqual(4);
		instance.unmount();
		const seen = reads();
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(reads()).toBe(seen);
	});
});
