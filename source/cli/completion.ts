// Shell completion. The scripts for bash, zsh and fish are thin: on Tab they run `loan-tui __complete WORDS…`
// (the words typed after "loan-tui", the last one being completed) and offer what it prints, one per line. All
// the knowledge lives here, derived from the command table: commands, options, periods, history kinds, and coins
// and pairs from the cached symbol list (read from disk; completion never touches the network).
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {
	COMMAND_OPTIONS,
	COMMAND_SPECS,
	COMMANDS,
	GLOBAL_OPTIONS,
	OPTION_DOCS,
	SHELLS,
	type CommandName,
	type OptionName,
	type ValueKind,
} from '../runtime/command-spec.js';

const PERIOD_WORDS = ['SEVEN', 'THIRTY', 'FLEXIBLE'];
/** A cache file larger than this is not read on a key press. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Candidates printed at most (a shell shows a long list badly anyway). */
const MAX_CANDIDATES = 500;

const isOption = (word: string) => word.startsWith('-') && word !== '-';
const takesValue = (name: string) => ({...GLOBAL_OPTIONS, ...COMMAND_OPTIONS} as Record<string, {type: string}>)[name]?.type === 'string';

interface CachedNames {
	coins: string[];
	symbols: string[];
}

/** Coins and pairs from every cached symbol list (one per API origin); empty when there is none yet. */
function cachedNames(directory: string): CachedNames {
	const coins = new Set<string>();
	const symbols = new Set<string>();
	let files: string[] = [];
	try {
		files = readdirSync(directory).filter((name) => /^symbols-.*\.json$/.test(name) && !name.endsWith('.meta.json'));
	} catch {
		return {coins: [], symbols: []};
	}
	for (const file of files) {
		try {
			const path = join(directory, file);
			if (statSync(path).size > MAX_CACHE_BYTES) continue;
			const data = (JSON.parse(readFileSync(path, 'utf8')) as {data?: unknown}).data;
			if (!Array.isArray(data)) continue;
			for (const record of data as Array<Record<string, unknown>>) {
				for (const coin of [record?.baseCoin, record?.quoteCoin]) if (typeof coin === 'string' && /^[A-Z0-9]{1,20}$/.test(coin)) coins.add(coin);
				if (typeof record?.symbol === 'string' && /^[A-Z0-9]{1,40}$/.test(record.symbol)) symbols.add(record.symbol);
			}
		} catch {
			// A damaged or half-written cache offers nothing rather than breaking the shell.
		}
	}
	return {coins: [...coins].sort(), symbols: [...symbols].sort()};
}

function valueWords(kind: ValueKind | undefined, names: () => CachedNames): string[] {
	switch (kind) {
		case 'coin':
			return names().coins;
		case 'period':
			return PERIOD_WORDS;
		case 'locale':
			return ['en-US', 'zh-CN'];
		default:
			return [];
	}
}

/** What may follow `loan-tui` + `words` (the last word is the one being completed, possibly ""); coins and pairs come
 * from the symbol lists in `cacheDirectory` (runtime/config.ts). */
export function completeWords(words: readonly string[], cacheDirectory: string): string[] {
	const current = words.at(-1) ?? '';
	const before = words.slice(0, -1);
	let names: CachedNames | undefined;
	const cached = () => (names ??= cachedNames(cacheDirectory));

	// Walk the words already typed: find the command, its positional arguments, the options used, and
	// whether the previous word is an option still waiting for its value.
	let command: CommandName | undefined;
	const positionals: string[] = [];
	const used = new Set<string>();
	let pending: string | undefined;
	for (const word of before) {
		if (pending !== undefined) {
			pending = undefined;
			continue;
		}
		if (isOption(word)) {
			const name = word.replace(/^-+/, '').split('=')[0]!;
			used.add(name);
			if (takesValue(name) && !word.includes('=')) pending = name;
			continue;
		}
		if (command === undefined) {
			if ((COMMANDS as readonly string[]).includes(word)) command = word as CommandName;
			else return [];
			continue;
		}
		positionals.push(word);
	}

	let candidates: string[];
	if (pending !== undefined) {
		candidates = valueWords(OPTION_DOCS[pending as OptionName]?.value, cached);
	} else if (isOption(current)) {
		const own = command === undefined ? [] : COMMAND_SPECS[command].options;
		const global = (Object.keys(GLOBAL_OPTIONS) as OptionName[]).filter((name) => command === undefined || (name !== 'version' && name !== 'help'));
		candidates = [...own, ...global].filter((name) => !used.has(name)).map((name) => `--${name}`);
	} else if (command === undefined) {
		candidates = [...COMMANDS];
	} else {
		const slot = COMMAND_SPECS[command].positionals[positionals.length];
		if (slot === undefined) candidates = [];
		else if (Array.isArray(slot)) candidates = [...slot];
		else if (slot === 'command') candidates = [...COMMANDS];
		else if (slot === 'shell') candidates = [...SHELLS];
		else if (slot === 'symbol') candidates = cached().symbols;
		else candidates = [];
	}
	// Coins and pairs are upper case on the exchange; match what was typed in either case.
	const prefix = current.toUpperCase();
	const matching = candidates.filter((word) => word.toUpperCase().startsWith(prefix));
	return matching.slice(0, MAX_CANDIDATES);
}

const BASH = `# loan-tui completion for bash: eval "$(loan-tui completion bash)" in ~/.bashrc
_loan_tui_complete() {
	local IFS=$'\\n'
	COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)" -- "\${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _loan_tui_complete loan-tui
`;

const ZSH = `#compdef loan-tui
# loan-tui completion for zsh: eval "$(loan-tui completion zsh)" in ~/.zshrc, after compinit
_loan_tui() {
	local -a candidates
	candidates=(\${(f)"$("\${words[1]}" __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
	compadd -a candidates
}
compdef _loan_tui loan-tui
`;

const FISH = `# loan-tui completion for fish: loan-tui completion fish | source
function __loan_tui_complete
	set -l words (commandline -opc)
	set -e words[1]
	set -l current (commandline -ct)
	loan-tui __complete $words "$current" 2>/dev/null
end
complete -c loan-tui -f -a '(__loan_tui_complete)'
`;

export const COMPLETION_SCRIPTS: Record<(typeof SHELLS)[number], string> = {bash: BASH, zsh: ZSH, fish: FISH};
