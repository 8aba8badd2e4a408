import {defineConfig} from 'vitest/config';
// @ts-expect-error plain ESM module without types
import {inkReplacementsVite} from './scripts/ink-replacements.mjs';

export default defineConfig({
	// The screen tests run the Ink that ships: the same replaced modules as the bundle (scripts/ink-replacements.mjs).
	plugins: [inkReplacementsVite()],
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		globalSetup: ['test/global-setup.ts'],
		setupFiles: ['test/setup-fast-check.ts'],
		// Generous: every wait inside a test has its own bound that fails loudly; this only catches a test that hangs.
		testTimeout: 90_000,
		hookTimeout: 90_000,
		// Real-terminal and keychain tests spawn processes; two cores.
		maxWorkers: 2,
		// Ink renders through chalk, which emits no colour off a TTY; force it so NO_COLOR handling is really tested.
		env: {FORCE_COLOR: '1'},
		// Processed by vite (not loaded by Node directly) so the plugin sees Ink's own imports; ink-testing-library
		// with it, so both use the one (replaced) copy of Ink.
		server: {deps: {inline: [/[\\/]node_modules[\\/]ink[\\/]/, /[\\/]node_modules[\\/]ink-testing-library[\\/]/]}},
	},
});
