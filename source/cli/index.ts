#!/usr/bin/env node
// The entry of every run, kept tiny (scripts/build.mjs bundles it alone, as CommonJS): `--version` and `--help`
// are answered here without loading anything else. Every other run imports main's chunk (the interactive app
// with the compile cache on), and main loads only the chunk of the command it runs.
import {parseCommandLine, type ParsedArgs} from '../runtime/args.js';
import {readDirectories} from '../runtime/config.js';
import {enableCompileCache} from './compile-cache.js';
import {COMMAND_HELP, GENERAL_HELP, helpFor} from './help.js';
import {VERSION} from '../version.js';

// A reader that goes away (`loan-tui symbols | head -1`) ends the run quietly, as gh does: no stack trace, the run's
// own status (0 when nothing failed). Results reach stdout only after a money POST is done and recorded, so this never
// cuts one short; a closed stderr is ignored for the same reason (the run goes on and ends by itself).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code !== 'EPIPE') throw error;
	process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
});
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code !== 'EPIPE') throw error;
});

const argv = process.argv.slice(2);
const parsed = parse(argv);
if (parsed?.values.version) {
	process.stdout.write(`${VERSION}\n`);
} else if (parsed?.values.help) {
	process.stdout.write(parsed.command ? COMMAND_HELP[parsed.command] : GENERAL_HELP);
} else if (parsed?.command === 'help' && helpFor(parsed.positionals[0]) !== undefined) {
	// `loan-tui help [COMMAND]`; an unknown topic goes on to main, which reports it as a usage error.
	process.stdout.write(helpFor(parsed.positionals[0])!);
} else {
	// The interactive app only: it writes its cache directory anyway, while the commands write nothing at all
	// (the credentials commands promise that, test/credentials/no-keychain.test.ts).
	if (parsed !== undefined && parsed.command === undefined) enableCompileCache(readDirectories(process.env).cache);
	// No top-level await: the entry is CommonJS, which node starts quicker than an ES module.
	void import('./main.js').then(async ({main}) => {
		const code = await main({argv, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr});
		// Let pending writes (a large table into a pipe) drain instead of cutting them off with process.exit().
		process.exitCode = code;
	});
}

/** The command line, or undefined for a usage error (main parses again and reports it with its exit code). */
function parse(args: string[]): ParsedArgs | undefined {
	try {
		return parseCommandLine(args);
	} catch {
		return undefined;
	}
}
