// docs/cli.md, rendered from the one command table (source/runtime/command-spec.ts), like the help and shell
// completion are. test/docs/cli-doc.test.ts fails when the file and this text differ; regenerate the file with
// `UPDATE_DOCS=1 npx vitest run test/docs/cli-doc.test.ts`.
import {
	COMMAND_OPTIONS,
	COMMAND_SPECS,
	COMMANDS,
	GLOBAL_OPTIONS,
	OPTION_DOCS,
	optionText,
	type CommandName,
	type OptionName,
} from '../../source/runtime/command-spec.js';

export const REGENERATE = 'UPDATE_DOCS=1 npx vitest run test/docs/cli-doc.test.ts';

const SHORTS = {...COMMAND_OPTIONS, ...GLOBAL_OPTIONS} as Record<OptionName, {short?: string}>;

/** `-y, --yes` or `--daily PERIOD`, as the help writes it. */
function flag(name: OptionName): string {
	const short = SHORTS[name].short;
	const placeholder = OPTION_DOCS[name].placeholder;
	return `${short ? `-${short}, ` : ''}--${name}${placeholder ? ` ${placeholder}` : ''}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

function optionTable(names: readonly OptionName[], command?: CommandName): string[] {
	return ['| option | meaning |', '| --- | --- |', ...names.map((name) => `| \`${flag(name)}\` | ${cell(optionText(command, name))} |`)];
}

/** A spec description is wrapped for an 80-column terminal: its lines become one paragraph, and lines indented by
 * two spaces (a command to type) become a code block. */
function paragraphs(text: string): string[] {
	const out: string[] = [];
	let prose: string[] = [];
	let code: string[] = [];
	const flush = () => {
		if (prose.length > 0) out.push(prose.join(' '), '');
		if (code.length > 0) out.push('```', ...code, '```', '');
		prose = [];
		code = [];
	};
	for (const line of text.split('\n')) {
		if (line.startsWith('  ')) {
			if (prose.length > 0) flush();
			code.push(line.slice(2));
		} else {
			if (code.length > 0) flush();
			prose.push(line.trim());
		}
	}
	flush();
	return out;
}

function commandSection(name: CommandName): string[] {
	const spec = COMMAND_SPECS[name];
	const lines = [`## ${name}`, '', '```', `loan-tui ${spec.usage}`, '```', '', `${spec.summary[0]!.toUpperCase()}${spec.summary.slice(1)}.`, ''];
	lines.push(...paragraphs(spec.description));
	if (spec.options.length > 0) lines.push(...optionTable(spec.options, name), '');
	if (spec.examples.length > 0) lines.push('Examples:', '', '```', ...spec.examples, '```', '');
	return lines;
}

export function cliDoc(): string {
	const lines = [
		'# Command line reference',
		'',
		'<!-- Generated from source/runtime/command-spec.ts by test/docs/cli-doc.ts: do not edit by hand. -->',
		`<!-- Regenerate: ${REGENERATE} -->`,
		'',
		'Generated from the one command table, [`source/runtime/command-spec.ts`](../source/runtime/command-spec.ts),',
		'from which the parser, `loan-tui help` and shell completion are derived too, so this page lists exactly what',
		'they accept.',
		'',
		'```',
		'loan-tui                  the interactive app (needs a terminal)',
		'loan-tui COMMAND [...]    one command, for scripts; --json for machine-readable output',
		'```',
		'',
		'| command | what it does |',
		'| --- | --- |',
		...COMMANDS.map((name) => `| [\`${name}\`](#${name}) | ${cell(COMMAND_SPECS[name].summary)} |`),
		'',
		'## Global options',
		'',
		'Every command takes these.',
		'',
		...optionTable(Object.keys(GLOBAL_OPTIONS) as OptionName[]),
		'',
	];
	for (const name of COMMANDS) lines.push(...commandSection(name));
	return `${lines.join('\n').trimEnd()}\n`;
}
