// What the home menu's first frame loads (docs/performance.md: the home menu within 1.25× an Ink "hello"): the files
// and packages reached by static imports from the command line's main chunk (source/cli/main.ts) and the app's
// (source/app/run.tsx). Everything else — the client, the services, every screen but home, the money pipeline, the
// price feed, the watch — comes by a dynamic import after the first frame (app/run.tsx servicesAfterFirstFrame,
// app/registry.tsx). The lists are exact: a file or package new to the start fails here, by name, and is either moved
// behind the first frame or, when the home menu truly needs it, added here with the reason in its commit.
import {build, type Metafile} from 'esbuild';
import {beforeAll, describe, expect, it} from 'vitest';
// @ts-expect-error plain ESM build script without types
import {splitBuildOptions} from '../../scripts/build.mjs';

const START = ['source/cli/main.ts', 'source/app/run.tsx'];

const FIRST_FRAME_FILES = [
	'source/api/deadlines.ts',
	'source/api/early-reads.ts',
	'source/api/errors.ts',
	'source/api/locale.ts',
	'source/api/public-headers.ts',
	'source/api/transport.ts',
	'source/api/types.ts',
	'source/api/validate.ts',
	'source/app/App.tsx',
	'source/app/components/error-boundary.tsx',
	'source/app/components/footer.tsx',
	'source/app/components/help-overlay.tsx',
	'source/app/components/status-line.tsx',
	'source/app/idle-preload.ts',
	'source/app/ink/frame-output.ts',
	'source/app/ink/measure-text.ts',
	'source/app/ink/sanitize-ansi.ts',
	'source/app/ink/widest-line.ts',
	'source/app/ink/wrap-text.ts',
	'source/app/lazy-view.tsx',
	'source/app/registry.tsx',
	'source/app/run.tsx',
	'source/app/screen-stack.ts',
	'source/app/shell-keys.ts',
	'source/app/shell-services.ts',
	'source/app/terminal.ts',
	'source/app/use-app-shell.ts',
	'source/app/use-early-read.ts',
	'source/app/use-help-overlay.ts',
	'source/app/use-idle-preload.ts',
	'source/app/use-input-ready.ts',
	'source/app/use-late-services.ts',
	'source/app/use-screen-code.ts',
	'source/app/use-screen-stack.ts',
	'source/cli/help.ts',
	'source/cli/main.ts',
	'source/cli/v8-memory.ts',
	'source/cli/without-global-fetch.ts',
	'source/credentials/environment.ts',
	'source/credentials/types.ts',
	'source/format/clipboard.ts',
	'source/format/frame-cache.ts',
	'source/format/sanitize.ts',
	'source/format/suggest.ts',
	'source/format/table.ts',
	'source/format/text-width.ts',
	'source/format/wrap.ts',
	'source/operations/finding-words.ts',
	'source/operations/outcome-words.ts',
	'source/runtime/args.ts',
	'source/runtime/command-spec.ts',
	'source/runtime/config.ts',
	'source/runtime/exit-codes.ts',
	'source/runtime/output.ts',
	'source/screens/home/home-screen.tsx',
	'source/services/last-error.ts',
	'source/services/store.ts',
	'source/ui/fields/choice-field.ts',
	'source/ui/fields/choice-list.tsx',
	'source/ui/fields/use-choice-field.ts',
	'source/ui/keys/binding.ts',
	'source/ui/keys/footer-line.ts',
	'source/ui/keys/key-queue.ts',
	'source/ui/keys/key-reader.ts',
	'source/ui/keys/keypress-layer.tsx',
	'source/ui/keys/parse-key.ts',
	'source/ui/keys/screen-input.tsx',
	'source/ui/keys/shared-bindings.ts',
	'source/ui/layout.ts',
	'source/ui/navigation.tsx',
	'source/ui/services.tsx',
	'source/ui/theme.ts',
	'source/ui/use-store.ts',
	'source/ui/use-terminal-size.ts',
	'source/version.ts',
];

const FIRST_FRAME_PACKAGES = [
	'@alcalzone/ansi-tokenize',
	'ansi-escapes',
	'ansi-regex',
	'ansi-styles',
	'auto-bind',
	'chalk',
	'cli-boxes',
	'cli-cursor',
	'cli-truncate',
	'code-excerpt',
	'convert-to-spaces',
	'emoji-regex',
	'environment',
	'es-toolkit',
	'get-east-asian-width',
	'indent-string',
	'ink',
	'is-fullwidth-code-point',
	'is-in-ci',
	'onetime',
	'patch-console',
	'react',
	'react-reconciler',
	'restore-cursor',
	'scheduler',
	'signal-exit',
	'slice-ansi',
	'stack-utils',
	'string-width',
	'strip-ansi',
	'terminal-size',
	'wrap-ansi',
	'yoga-layout',
];

let loaded: string[];
/** What every run but --version and --help loads: main's chunk (the commands and the app alike). */
let everyRun: string[];

beforeAll(async () => {
	const meta: Metafile = (await build({...(await splitBuildOptions({quiet: true})), write: false})).metafile!;
	const seen = new Set<string>();
	const visit = (input: string) => {
		if (seen.has(input)) return;
		seen.add(input);
		for (const imported of meta.inputs[input]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
	};
	visit('source/cli/main.ts');
	everyRun = [...seen].sort();
	for (const input of START) visit(input);
	loaded = [...seen].sort();
}, 60_000);

const packageOf = (input: string) =>
	input
		.split('/')
		.slice(1, input.split('/')[1]!.startsWith('@') ? 3 : 2)
		.join('/');

describe('the first frame', () => {
	it('loads only the files the home menu needs', () => {
		expect(loaded.filter((input) => input.startsWith('source/'))).toEqual(FIRST_FRAME_FILES);
	});

	it('loads only the packages the home menu needs (Ink and React)', () => {
		expect([...new Set(loaded.filter((input) => input.startsWith('node_modules/')).map(packageOf))].sort()).toEqual(FIRST_FRAME_PACKAGES);
	});

	it('loads no other screen, no client, no money pipeline, no price feed and no watch', () => {
		const late =
			/^source\/(screens\/(?!home\/)|api\/(client|ticker-socket)|operations\/(money-pipeline|price-feed|watch|plan)|simulator\/|credentials\/keychain)|^node_modules\/(undici|valibot|big\.js)\//;
		expect(loaded.filter((input) => late.test(input))).toEqual([]);
	});
});

describe('every command', () => {
	it('starts without string-width, wrap-ansi or emoji-regex: they build a grapheme segmenter and emoji patterns as they load', () => {
		// ~40 ms and 2 MiB for every run (bench/watch.ts measures the watch's memory); a note's wrap loads them where it is
		// printed (runtime/note-lines.ts), the app with Ink.
		expect(everyRun.filter((input) => /^node_modules\/(string-width|wrap-ansi|emoji-regex)\//.test(input))).toEqual([]);
	});
});
