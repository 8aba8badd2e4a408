#!/usr/bin/env node
// The entry of every run, kept tiny (scripts/build.mjs bundles it alone, as CommonJS): `--version` and `--help`
// are answered here without loading anything else. Every other run enables the compile cache and then imports
// main's chunk, and main loads only the chunk of the command it runs.
import {parseCommandLine} from '../runtime/args.js';
import {enableCompileCache} from './compile-cache.js';
import {COMMAND_HELP, GENERAL_HELP, helpFor} from './help.js';
import {VERSION} from '../version.js';

const argv = process.argv.slice(2);
const answer = quickAnswer(argv);
if (answer !== undefined) {
	process.stdout.write(answer);
} else {
	enableCompileCache(process.env);
	// No top-level await: the entry is CommonJS, which node starts quicker than an ES module.
	void import('./main.js').then(async ({main}) => {
		const code = await main({argv, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr});
		// Let pending writes (a large table into a pipe) drain instead of cutting them off with process.exit().
		process.exitCode = code;
	});
}

/** The text for `--version` or `--help`; undefined for anything else, a usage error included (main reports it). */
function quickAnswer(args: string[]): string | undefined {
	try {
		const parsed = parseCommandLine(args);
		if (parsed.values.version) return `${VERSION}\n`;
		if (parsed.values.help) return parsed.command ? COMMAND_HELP[parsed.command] : GENERAL_HELP;
		if (parsed.command === 'help') return helpFor(parsed.positionals[0]);
	} catch {
		// main parses again and reports the usage error with the right exit code and format.
	}
	return undefined;
}
