// Command line: one parser for the global flags and every command's own flags, then a check that each flag
// belongs to the command it was given with, is given once, and does not conflict with another. A mistyped command
// or option is answered with the nearest known words; every refusal points at the command's own help.
import {parseArgs} from 'node:util';
import {didYouMean} from '../format/suggest.js';
import {COMMAND_OPTIONS, COMMAND_SPECS, COMMANDS, GLOBAL_OPTIONS, type CommandName, type CommandOptionName, type CommandSpec} from './command-spec.js';
import {commandHelpHint, UsageError} from './exit-codes.js';

export type {CommandName} from './command-spec.js';

const ALL_OPTIONS = {...GLOBAL_OPTIONS, ...COMMAND_OPTIONS};
type AnyOption = keyof typeof ALL_OPTIONS;

type Values = {[K in AnyOption]?: (typeof ALL_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string};

export interface ParsedArgs {
	command: CommandName | undefined;
	positionals: string[];
	values: Values;
}

const isCommand = (word: string | undefined): word is CommandName => word !== undefined && (COMMANDS as readonly string[]).includes(word);

/** A value that starts like a negative number ("-5", "-0.5"). */
const NEGATIVE = /^-\.?\d/;

/** "--warn-ltv -5" as "--warn-ltv=-5": node:util would read -5 as another option, and each option's own check then
 * says what it takes in its own words ("--warn-ltv must be a percentage …", "--days must be a whole number …"). */
function bindNegativeValues(argv: readonly string[]): string[] {
	const bound: string[] = [];
	for (let index = 0; index < argv.length; index++) {
		const word = argv[index]!;
		const next = argv[index + 1];
		if (word === '--') {
			bound.push(...argv.slice(index));
			break;
		}
		const name = word.startsWith('--') && !word.includes('=') ? word.slice(2) : undefined;
		if (name !== undefined && next !== undefined && NEGATIVE.test(next) && (ALL_OPTIONS as Record<string, {type: string}>)[name]?.type === 'string') {
			bound.push(`${word}=${next}`);
			index++;
		} else {
			bound.push(word);
		}
	}
	return bound;
}

export function parseCommandLine(words: string[]): ParsedArgs {
	const argv = bindNegativeValues(words);
	let parsed;
	try {
		parsed = parseArgs({args: argv, options: ALL_OPTIONS, allowPositionals: true, strict: true, tokens: true});
	} catch (error) {
		const command = guessCommand(argv);
		throw new UsageError(plainParseMessage((error as Error).message, argv, command), command === undefined ? undefined : commandHelpHint(command));
	}
	const [first, ...rest] = parsed.positionals;
	const values = parsed.values as Values;
	const hint = isCommand(first) ? commandHelpHint(first) : undefined;
	refuseRepeated(parsed.tokens, hint);
	if (first === undefined) {
		const stray = Object.keys(COMMAND_OPTIONS).find((name) => name in values);
		if (stray) throw new UsageError(`--${stray} belongs to a command (for example: loan-tui borrow --${stray} ...)`);
		return {command: undefined, positionals: [], values};
	}
	if (!isCommand(first)) {
		throw new UsageError(`unknown command "${first}"${didYouMean(first, COMMANDS)} (commands: ${COMMANDS.join(', ')})`, 'See loan-tui help.');
	}
	const command = first;
	const spec: CommandSpec = COMMAND_SPECS[command];
	for (const name of Object.keys(COMMAND_OPTIONS) as CommandOptionName[]) {
		if (name in values && !spec.options.includes(name)) throw new UsageError(`--${name} is not an option of "${command}"`, hint);
	}
	for (const [one, other] of spec.conflicts ?? []) {
		if (given(values[one]) && given(values[other])) throw new UsageError(`--${one} and --${other} cannot be used together: give one of them`, hint);
	}
	if (rest.length > spec.positionals.length) {
		throw new UsageError(`unexpected argument "${rest[spec.positionals.length]}" for "${command}"`, hint);
	}
	return {command, positionals: rest, values};
}

const given = (value: string | boolean | undefined) => value !== undefined && value !== false;

/** A value given twice is refused: `--pledge-amount 1 --pledge-amount 2` must not quietly mean 2. (A switch given
 * twice means what it means once.) */
function refuseRepeated(tokens: ReturnType<typeof parseArgs>['tokens'], hint: string | undefined): void {
	const seen = new Map<string, string>();
	for (const token of tokens ?? []) {
		if (token.kind !== 'option' || token.value === undefined) continue;
		const before = seen.get(token.name);
		if (before !== undefined) throw new UsageError(`--${token.name} was given twice (${before} and ${token.value}): give it once`, hint);
		seen.set(token.name, token.value);
	}
}

/** The command a line that did not parse is about, for the hint and the nearest options: its first known word. */
function guessCommand(argv: readonly string[]): CommandName | undefined {
	try {
		const {positionals} = parseArgs({args: [...argv], options: ALL_OPTIONS, allowPositionals: true, strict: false});
		return positionals.find(isCommand);
	} catch {
		return undefined;
	}
}

function plainParseMessage(message: string, argv: readonly string[], command: CommandName | undefined): string {
	// node:util reads "--pledge-amount -1" as a flag followed by another flag and calls it ambiguous.
	const ambiguous = /Option '([^' ]+)'.* argument is ambiguous/.exec(message);
	if (ambiguous) {
		const value = argv[argv.indexOf(ambiguous[1]!) + 1];
		return `${ambiguous[1]} needs a value (got the option ${value ?? 'nothing'})`;
	}
	const unknown = /Unknown option '([^']+)'/.exec(message);
	if (unknown) {
		const word = unknown[1]!;
		// "collateral ORDER add -1": a negative number where an amount goes, not an option.
		if (/^-\d/.test(word))
			return command !== undefined && COMMAND_SPECS[command].positionals.includes('amount' as never)
				? `${command} amount ${word}: amounts cannot be negative`
				: `${word}: numbers cannot be negative here`;
		const known = [...(command === undefined ? [] : COMMAND_SPECS[command].options), ...Object.keys(GLOBAL_OPTIONS)].map((name) => `--${name}`);
		return `unknown option ${word}${didYouMean(word.replace(/=.*$/, ''), known)}`;
	}
	const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message);
	if (missing) return `${missing[1]!.replace(/^-\w, /, '')} needs a value`;
	return message.split('\n')[0]!.replace(/\. To specify.*$/, '');
}
