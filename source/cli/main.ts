// Entry of every run: parse, then either a subcommand or the interactive app.
import {parseCommandLine, type CommandName, type ParsedArgs} from '../runtime/args.js';
import {EXIT, type ExitCode, UsageError} from '../runtime/exit-codes.js';
import {COMMAND_HELP, GENERAL_HELP, helpFor} from './help.js';
import {type Output, reportFailure, withCommandHint} from '../runtime/output.js';
import {completionContext, hideCiFromInk, readConfig, type Config} from '../runtime/config.js';
import type {Session} from '../runtime/session.js';
import {VERSION} from '../version.js';
import {tuneV8ForMemory, WATCH_V8_FLAGS} from './v8-memory.js';
import {withoutGlobalFetch} from './without-global-fetch.js';
import type {Io} from './io.js';

export type {Io};

export async function main(io: Io): Promise<ExitCode | number> {
	const out: Output = {stdout: io.stdout, stderr: io.stderr, json: io.argv.includes('--json')};
	// Shell completion asks on every Tab with half-typed words: answered before any parsing or checking.
	if (io.argv[0] === '__complete') {
		const {completeWords} = await import('./completion.js');
		const words = completeWords(io.argv.slice(1), completionContext(io.env));
		if (words.length > 0) io.stdout.write(`${words.join('\n')}\n`);
		return EXIT.ok;
	}
	let parsed: ParsedArgs;
	let config: Config;
	try {
		parsed = parseCommandLine(io.argv);
		if (parsed.values.version) {
			io.stdout.write(`${VERSION}\n`);
			return EXIT.ok;
		}
		if (parsed.values.help) {
			io.stdout.write(parsed.command ? COMMAND_HELP[parsed.command] : GENERAL_HELP);
			return EXIT.ok;
		}
		if (parsed.command === 'help') {
			const text = helpFor(parsed.positionals[0]);
			if (text === undefined) throw new UsageError(`no help for "${parsed.positionals[0]}": not a command`, 'See loan-tui help for the list of commands.');
			io.stdout.write(text);
			return EXIT.ok;
		}
		if (parsed.command === 'completion') {
			const {COMPLETION_SCRIPTS} = await import('./completion.js');
			const shell = parsed.positionals[0];
			if (shell === undefined || !Object.hasOwn(COMPLETION_SCRIPTS, shell)) {
				throw new UsageError(
					`completion needs a shell: bash, zsh or fish${shell === undefined ? '' : ` (got "${shell}")`}`,
					'Example: eval "$(loan-tui completion bash)"',
				);
			}
			io.stdout.write(COMPLETION_SCRIPTS[shell as keyof typeof COMPLETION_SCRIPTS]);
			return EXIT.ok;
		}
		// Every flag and variable, checked once, before anything is drawn or sent: the app refuses a bad value as the
		// commands do (docs/configuration.md).
		config = readConfig(parsed.values, io.env);
	} catch (error) {
		return reportFailure(out, error);
	}
	out.json = config.json;
	// Tables fit COLUMNS, else the terminal; into a pipe, or with --wide, every column is kept.
	out.width = parsed.values.wide ? undefined : (config.columns ?? (io.stdout.isTTY === true ? io.stdout.columns : undefined));
	if (parsed.command === undefined) return runInteractive(io, out, config);

	let session: Session | undefined;
	try {
		// The client (undici, schemas) loads only once a command needs it: --version and --help stay lean.
		// The whole symbol list (100k+ pairs) is the one command whose memory the V8 settings matter to, as in the app.
		// So is `watch`, which runs for days (bench/watch.ts measures its peak RSS).
		const tuned =
			parsed.command === 'watch'
				? tuneV8ForMemory(config, WATCH_V8_FLAGS)
				: parsed.command === 'symbols' && parsed.positionals.length === 0
					? tuneV8ForMemory(config)
					: [];
		if (config.debug && tuned.length > 0) out.stderr.write(`debug: V8 settings before the first request: ${tuned.join(' ')}\n`);
		const {openSession} = await import('../runtime/session.js');
		session = await openSession(config, out);
		return await runCommand(parsed.command, session, parsed, io);
	} catch (error) {
		// A refusal of this command's input points at its own help.
		return reportFailure(out, withCommandHint(error, parsed.command), config.debug);
	} finally {
		await session?.close();
	}
}

async function runCommand(command: CommandName, session: Session, parsed: ParsedArgs, io: Io): Promise<ExitCode | number> {
	switch (command) {
		case 'symbols':
			return (await import('./commands/symbols.js')).runSymbols(session, parsed.positionals);
		case 'estimate':
			return (await import('./commands/estimate.js')).runEstimate(session, parsed.values);
		case 'plan':
			return (await import('./commands/plan.js')).runPlan(session, parsed.values);
		case 'borrow':
			return (await import('./commands/borrow.js')).runBorrow(session, parsed.values, {
				stdin: io.stdin,
				interactive: io.stdin.isTTY === true && io.stdout.isTTY === true,
			});
		case 'loans':
			return (await import('./commands/loans.js')).runLoans(session, parsed.positionals, parsed.values);
		case 'coins':
			return (await import('./commands/coins.js')).runCoins(session);
		case 'watch':
			return (await import('./commands/watch.js')).runWatch(session, parsed.values);
		case 'history':
			return (await import('./commands/history.js')).runHistory(session, parsed.positionals, parsed.values);
		case 'repay':
			return (await import('./commands/repay.js')).runRepay(session, parsed.positionals, parsed.values, confirmIo(io));
		case 'collateral':
			return (await import('./commands/collateral.js')).runCollateral(session, parsed.positionals, parsed.values, confirmIo(io));
		case 'login':
		case 'logout':
		case 'whoami':
			return (await import('./commands/credentials.js')).runCredentialsCommand(command, session, parsed.values, io);
		case 'help':
		case 'completion':
			// Answered in main before a session is opened.
			return EXIT.ok;
	}
}

function confirmIo(io: Io) {
	return {stdin: io.stdin, interactive: io.stdin.isTTY === true && io.stdout.isTTY === true};
}

async function runInteractive(io: Io, out: Output, config: Config): Promise<ExitCode | number> {
	if (io.stdin.isTTY !== true || io.stdout.isTTY !== true) {
		return reportFailure(
			out,
			new UsageError(
				'the interactive app needs a terminal (stdin and stdout must both be a TTY)',
				'For scripts use the subcommands: loan-tui symbols | estimate | borrow (see loan-tui --help).',
			),
		);
	}
	hideCiFromInk(io.env);
	// The event loop is held for the whole app. Yoga (Ink's layout) compiles its WebAssembly on V8's threads while
	// nothing holds the loop (stdin is read from the first frame's effects on): Node then delivers the compiled code
	// from NodePlatform::DrainTasks, the app's start runs on from there to the first frame and into the services'
	// load, and DrainTasks then waits for all the background work that start queued (strace: the main thread stood
	// still 13–22 ms just as the services began to load, delaying a key pressed at the first frame as much).
	const hold = setInterval(() => undefined, 1 << 30);
	try {
		// Ink's layout engine would load Node's own fetch before the first frame (without-global-fetch.ts).
		const {runApp} = await withoutGlobalFetch(() => import('../app/run.js'));
		// After the first frame, before the client's first request compiles undici's parser (see v8-memory.ts); the
		// --debug log says which were applied.
		return await runApp(config, out, {
			beforeServices: (debug) => debug(`V8 settings before the first request: ${tuneV8ForMemory(config).join(' ') || 'none'}`),
		});
	} finally {
		clearInterval(hold);
	}
}
