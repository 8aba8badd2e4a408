// Command line: one parser for the global flags and every command's own flags, then a check that each flag
// belongs to the command it was given with.
import {parseArgs} from 'node:util';
import {COMMAND_OPTIONS, COMMAND_SPECS, COMMANDS, GLOBAL_OPTIONS, type CommandName, type CommandOptionName} from './command-spec.js';
import {UsageError} from './exit-codes.js';

export type {CommandName} from './command-spec.js';

/** Which command options each command takes, and how many arguments: from the one command table. */
const ALLOWED = {} as Record<CommandName, readonly CommandOptionName[]>;
const MAX_POSITIONALS = {} as Record<CommandName, number>;
for (const name of COMMANDS) {
	ALLOWED[name] = COMMAND_SPECS[name].options;
	MAX_POSITIONALS[name] = COMMAND_SPECS[name].positionals.length;
}

type Values = {[K in keyof typeof GLOBAL_OPTIONS | keyof typeof COMMAND_OPTIONS]?: (typeof GLOBAL_OPTIONS & typeof COMMAND_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string};

export interface ParsedArgs {
	command: CommandName | undefined;
	positionals: string[];
	values: Values;
}

export function parseCommandLine(argv: string[]): ParsedArgs {
	let parsed;
	try {
		parsed = parseArgs({args: argv, options: {...GLOBAL_OPTIONS, ...COMMAND_OPTIONS}, allowPositionals: true, strict: true});
	} catch (error) {
		throw new UsageError(plainParseMessage((error as Error).message, argv));
	}
	const [first, ...rest] = parsed.positionals;
	const values = parsed.values as Values;
	if (first === undefined) {
		const stray = Object.keys(COMMAND_OPTIONS).find((name) => name in values);
		if (stray) throw new UsageError(`--${stray} belongs to a command (for example: loan-tui borrow --${stray} ...)`);
		return {command: undefined, positionals: [], values};
	}
	if (!(COMMANDS as readonly string[]).includes(first)) {
		throw new UsageError(`unknown command "${first}" (commands: ${COMMANDS.join(', ')})`, 'See loan-tui help.');
	}
	const command = first as CommandName;
	for (const name of Object.keys(COMMAND_OPTIONS) as CommandOptionName[]) {
		if (name in values && !ALLOWED[command].includes(name)) {
			throw new UsageError(`--${name} is not an option of "${command}"`, `See loan-tui ${command} --help.`);
		}
	}
	if (rest.length > MAX_POSITIONALS[command]) {
		throw new UsageError(`unexpected argument "${rest[MAX_POSITIONALS[command]]}" for "${command}"`, `See loan-tui ${command} --help.`);
	}
	return {command, positionals: rest, values};
}

function plainParseMessage(message: string, argv: readonly string[]): string {
	// node:util reads "--pledge-amount -1" as a flag followed by another flag and calls it ambiguous.
	const ambiguous = /Option '([^' ]+)'.* argument is ambiguous/.exec(message);
	if (ambiguous) {
		const value = argv[argv.indexOf(ambiguous[1]!) + 1];
		if (value !== undefined && /^-\d/.test(value)) return `${ambiguous[1]} ${value}: amounts cannot be negative`;
		return `${ambiguous[1]} needs a value (got the option ${value ?? 'nothing'})`;
	}
	const unknown = /Unknown option '([^']+)'/.exec(message);
	if (unknown) return `unknown option ${unknown[1]}`;
	const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message);
	if (missing) return `${missing[1]!.replace(/^-\w, /, '')} needs a value`;
	return message.split('\n')[0]!.replace(/\. To specify.*$/, '');
}
