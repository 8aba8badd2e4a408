import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		globalSetup: ['test/global-setup.ts'],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		// Real-terminal and keychain tests spawn processes; two cores.
		maxWorkers: 2,
		// Ink renders through chalk, which emits no colour off a TTY; force it so NO_COLOR handling is really tested.
		env: {FORCE_COLOR: '1'},
	},
});
