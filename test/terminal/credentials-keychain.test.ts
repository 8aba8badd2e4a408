// The Credentials screen in a real terminal where the OS keychain cannot be used (@napi-rs/keyring not installed, no
// D-Bus session either): the cause is named once (the binding, not the bus), nothing offers to save in the keychain, and the
// credentials typed are used for the session.
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {deadBaseUrl} from '../helpers/simulator.js';
import {Tmux, tmuxMissing} from '../helpers/tmux.js';

const HOOK = fileURLToPath(new URL('../helpers/keyring-hook.mjs', import.meta.url));
const count = (screen: string, text: string) => screen.split(text).length - 1;

describe.skipIf(tmuxMissing)(`Credentials with no usable keychain${tmuxMissing ? ` (skipped: ${tmuxMissing})` : ''}`, () => {
	let tmux: Tmux | undefined;
	afterEach(() => tmux?.kill());

	it('one message naming @napi-rs/keyring, no "Save in the OS keychain", and "this session" works', async () => {
		tmux = Tmux.start(`node ${CLI} --base-url ${await deadBaseUrl()}`, {
			columns: 120,
			env: {NODE_OPTIONS: `--import=${HOOK}`, LOAN_TUI_TEST_KEYRING: 'missing', DBUS_SESSION_BUS_ADDRESS: ''},
		});
		await tmux.waitFor('? this help');
		await tmux.burst('6');
		const menu = await tmux.waitFor('The OS keychain is not available');
		expect(count(menu, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		expect(menu).not.toMatch(/D-Bus/);
		expect(menu).toContain('for this session');
		// The three fields in bursts, then the keep step.
		await tmux.burst('Enter');
		await tmux.burstText('bg_tmux_key_12345678');
		await tmux.burst('Enter');
		await tmux.burstText('S3cret-tmux');
		await tmux.burst('Enter');
		await tmux.burstText('Pass-tmux');
		await tmux.burst('Enter');
		const keep = await tmux.waitFor('Where should these credentials be kept?');
		expect(keep).not.toContain('Save in the OS keychain');
		expect(keep).toContain('❯ Use for this session only');
		expect(count(keep, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		await tmux.burst('Enter');
		const done = await tmux.waitFor('Using these credentials for this session.');
		expect(done).toMatch(/Source\s+this session only/);
		expect(done).toContain('bg_t…5678');
		expect(count(done, 'keychain module (@napi-rs/keyring) is not installed')).toBe(1);
		expect(count(done, 'not available')).toBe(1);
		expect(done).not.toContain('S3cret-tmux');
	});
});
