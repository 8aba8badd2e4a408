// Command line: one parser for the global flags and every command's own flags, then a check that each flag
// belongs to the command it was given with.
import {parseArgs} from 'node:util';
import {UsageError} from './exit-codes.js';

export const COMMANDS = ['symbols', 'estimate', 'borrow', 'login', 'logout', 'whoami', 'loans', 'repay', 'collateral', 'history', 'coins'] as const;
export type CommandName = (typeof COMMANDS)[number];

const GLOBAL_OPTIONS = {
	json: {type: 'boolean'},
	'base-url': {type: 'string'},
	demo: {type: 'boolean'},
	locale: {type: 'string'},
	profile: {type: 'string'},
	timeout: {type: 'string'},
	debug: {type: 'boolean'},
	'allow-insecure-http': {type: 'boolean'},
	version: {type: 'boolean'},
	help: {type: 'boolean', short: 'h'},
} as const;

const COMMAND_OPTIONS = {
	'loan-coin': {type: 'string'},
	'pledge-coin': {type: 'string'},
	daily: {type: 'string'},
	'pledge-amount': {type: 'string'},
	'loan-amount': {type: 'string'},
	all: {type: 'boolean'},
	yes: {type: 'boolean', short: 'y'},
	stdin: {type: 'boolean'},
	amount: {type: 'string'},
	'keep-collateral': {type: 'boolean'},
	days: {type: 'string'},
	local: {type: 'boolean'},
} as const;

const ALLOWED: Record<CommandName, readonly (keyof typeof COMMAND_OPTIONS)[]> = {
	symbols: [],
	estimate: ['loan-coin', 'pledge-coin', 'daily', 'pledge-amount', 'all'],
	borrow: ['loan-coin', 'pledge-coin', 'daily', 'pledge-amount', 'loan-amount', 'yes'],
	login: ['stdin'],
	logout: [],
	whoami: [],
	loans: [],
	repay: ['all', 'amount', 'keep-collateral', 'yes'],
	collateral: ['yes'],
	history: ['days', 'local'],
	coins: [],
};

const MAX_POSITIONALS: Record<CommandName, number> = {symbols: 1, estimate: 0, borrow: 0, login: 0, logout: 0, whoami: 0, loans: 1, repay: 1, collateral: 3, history: 1, coins: 0};

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
		throw new UsageError(`unknown command "${first}" (commands: ${COMMANDS.join(', ')})`);
	}
	const command = first as CommandName;
	for (const name of Object.keys(COMMAND_OPTIONS) as (keyof typeof COMMAND_OPTIONS)[]) {
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
