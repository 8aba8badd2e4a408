// Help text, rendered from the one command table (runtime/command-spec.ts): the general help lists every
// command in one line, and each command's help lists its options (one line each), the global options that
// matter, and examples.
import {COMMAND_SPECS, COMMANDS, GLOBAL_OPTIONS, OPTION_DOCS, optionText, type CommandName, type OptionName} from '../runtime/command-spec.js';

const TITLE = 'loan-tui — Bitget spot pairs, crypto-loan estimates and loans, from the terminal';

function flag(name: OptionName): string {
	const doc = OPTION_DOCS[name];
	const short = (GLOBAL_OPTIONS as Record<string, {short?: string}>)[name]?.short ?? (name === 'yes' ? 'y' : undefined);
	return `${short ? `-${short}, ` : ''}--${name}${doc.placeholder ? ` ${doc.placeholder}` : ''}`;
}

/** Two columns: the flag, then its line of help (wrapped under itself when the flag is long). */
function optionLines(names: readonly OptionName[], command?: CommandName): string[] {
	const width = Math.min(26, Math.max(...names.map((name) => flag(name).length)) + 2);
	return names.map((name) => {
		const left = flag(name);
		const text = optionText(command, name);
		return left.length + 2 > width ? `  ${left}\n  ${' '.repeat(width)}${text}` : `  ${left.padEnd(width)}${text}`;
	});
}

const GLOBAL_NAMES = Object.keys(GLOBAL_OPTIONS) as OptionName[];

export const GENERAL_HELP = [
	TITLE,
	'',
	'Usage',
	'  loan-tui                  the interactive app (needs a terminal)',
	'  loan-tui COMMAND [...]    one command, for scripts (see below); --json for machine-readable output',
	'',
	'Commands',
	...COMMANDS.map((name) => `  ${name.padEnd(12)}${COMMAND_SPECS[name].summary}`),
	'',
	'Global options',
	...optionLines(GLOBAL_NAMES),
	'',
	'Periods (--daily): SEVEN (or 7), THIRTY (or 30), FLEXIBLE',
	'Exit codes: 0 ok, 1 refused by the server or unreachable, 2 bad usage or input (a malformed value,',
	'              or a pair, coin or order Bitget does not know: nothing done),',
	'            3 outcome unknown (borrow, repay, collateral): loan-tui has checked your loans and',
	'              says what it found; check again before trying again',
	'Credentials: BITGET_API_KEY, BITGET_SECRET_KEY, BITGET_PASSPHRASE override the keychain.',
	'More: loan-tui help COMMAND',
	'',
].join('\n');

function commandHelp(name: CommandName): string {
	const spec = COMMAND_SPECS[name];
	const lines = [`loan-tui ${spec.usage}`, '', spec.description, ''];
	if (spec.options.length > 0) lines.push('Options', ...optionLines(spec.options, name), '');
	lines.push(`Global options: --json, --demo, --profile NAME, --base-url URL, --timeout SEC, --debug (loan-tui help)`, '');
	lines.push('Examples', ...spec.examples.map((example) => `  ${example}`), '');
	return lines.join('\n');
}

export const COMMAND_HELP = Object.fromEntries(COMMANDS.map((name) => [name, commandHelp(name)])) as Record<CommandName, string>;

/** `loan-tui help [COMMAND]` and `--help`: the text, or undefined for a word that is not a command. */
export function helpFor(topic: string | undefined): string | undefined {
	if (topic === undefined) return GENERAL_HELP;
	return (COMMANDS as readonly string[]).includes(topic) ? COMMAND_HELP[topic as CommandName] : undefined;
}
