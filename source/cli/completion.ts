// Shell completion. The scripts for bash, zsh and fish are thin: on Tab they run `loan-tui __complete WORDS…`
// (the words typed after "loan-tui", the last one being completed) and offer what it prints, one per line, and never
// file names (no argument of loan-tui is a file). All the knowledge lives here, derived from the command table:
// commands, options, periods, history kinds; coins (the loanable and pledgeable ones of the last coin list), pairs and
// the order ids of the last `loans` read, from the caches (state/completion-cache.ts, state/symbol-cache.ts), read
// from disk: completion never touches the network. A line with --demo completes from the demo's caches, any other
// from those of its API origin (--base-url or LOAN_TUI_BASE_URL) and, for order ids, its profile.
import {lstatSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {checkOrigin} from '../api/validate.js';
import type {CompletionContext} from '../runtime/config.js';
import {readCachedCoins, readCachedOrderIds, sourceName} from '../state/completion-cache.js';
import {COMMAND_OPTIONS, COMMAND_SPECS, COMMANDS, GLOBAL_OPTIONS, OPTION_DOCS, SHELLS, type CommandName, type OptionName} from '../runtime/command-spec.js';

const PERIOD_WORDS = ['SEVEN', 'THIRTY', 'FLEXIBLE'];
/** A symbol cache larger than this is not read on a key press. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Candidates printed at most (a shell shows a long list badly anyway). */
const MAX_CANDIDATES = 500;

const isOption = (word: string) => word.startsWith('-') && word !== '-';
const takesValue = (name: string) => (({...GLOBAL_OPTIONS, ...COMMAND_OPTIONS}) as Record<string, {type: string}>)[name]?.type === 'string';

interface SymbolNames {
	coins: string[];
	symbols: string[];
}

/** Coins and pairs from the cached symbol list of one API origin; empty when there is none yet. */
function symbolNames(directory: string, source: string): SymbolNames {
	const coins = new Set<string>();
	const symbols = new Set<string>();
	try {
		const path = join(directory, `symbols-${source}.json`);
		const stat = lstatSync(path);
		if (!stat.isFile() || stat.size > MAX_CACHE_BYTES) return {coins: [], symbols: []};
		const data = (JSON.parse(readFileSync(path, 'utf8')) as {data?: unknown}).data;
		if (!Array.isArray(data)) return {coins: [], symbols: []};
		for (const record of data as Array<Record<string, unknown>>) {
			for (const coin of [record?.baseCoin, record?.quoteCoin]) if (typeof coin === 'string' && /^[A-Z0-9]{1,20}$/.test(coin)) coins.add(coin);
			if (typeof record?.symbol === 'string' && /^[A-Z0-9]{1,40}$/.test(record.symbol)) symbols.add(record.symbol);
		}
	} catch {
		// No list yet, or a damaged or half-written one: nothing rather than a broken shell.
	}
	return {coins: [...coins].sort(), symbols: [...symbols].sort()};
}

/** Where the line's names come from: the demo, or an API origin and a profile (the line's flags, else the context's). */
function sourceOf(words: readonly string[], context: CompletionContext): {source: string; profile: string} {
	let demo = false;
	let profile = context.profile;
	let baseUrl = context.baseUrl;
	words.forEach((word, index) => {
		const [name, inline] = word.split(/=(.*)/s) as [string, string | undefined];
		const value = inline ?? words[index + 1];
		if (name === '--demo') demo = true;
		else if (name === '--profile' && value !== undefined) profile = value.trim();
		else if (name === '--base-url' && value !== undefined) baseUrl = value;
	});
	const origin = checkOrigin(baseUrl);
	return {source: sourceName(origin.ok ? origin.value : baseUrl, demo), profile};
}

/** The names the cache holds for the line, each list read only when asked for. */
function cachedNames(words: readonly string[], context: CompletionContext) {
	const {source, profile} = sourceOf(words, context);
	const demo = source === 'demo';
	let coins: ReturnType<typeof readCachedCoins> | null = null;
	let symbols: SymbolNames | undefined;
	const coinList = () => (coins === null ? (coins = readCachedCoins(context.cache, source)) : coins);
	// Pairs from the last `symbols` list (and the demo's), kept with the coins, and the app's symbol cache.
	const symbolList = () => {
		if (symbols) return symbols;
		const app = demo ? {coins: [], symbols: []} : symbolNames(context.cache, source);
		return (symbols = {coins: app.coins, symbols: [...new Set([...app.symbols, ...(coinList()?.pairs ?? [])])].sort()});
	};
	return {
		/** Loanable or pledgeable coins; without a coin list yet, the coins of the pairs. */
		coins: (kind: 'loan' | 'pledge') => {
			const list = coinList()?.[kind] ?? [];
			return list.length > 0 ? [...list].sort() : symbolList().coins;
		},
		pairs: () => symbolList().symbols,
		orderIds: () => readCachedOrderIds(context.cache, source, profile),
	};
}

function valueWords(option: string, names: ReturnType<typeof cachedNames>): string[] {
	if (option === 'loan-coin') return names.coins('loan');
	if (option === 'pledge-coin') return names.coins('pledge');
	switch (OPTION_DOCS[option as OptionName]?.value) {
		case 'period':
			return PERIOD_WORDS;
		case 'locale':
			return ['en-US', 'zh-CN'];
		default:
			return [];
	}
}

/** What may follow `loan-tui` + `words` (the last word is the one being completed, possibly ""); coins, pairs and
 * order ids come from the caches in `context.cache` (runtime/config.ts). */
export function completeWords(words: readonly string[], context: CompletionContext): string[] {
	const current = words.at(-1) ?? '';
	const before = words.slice(0, -1);
	const cached = cachedNames(before, context);

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
		candidates = valueWords(pending, cached);
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
		else if (slot === 'symbol') candidates = cached.pairs();
		else if (slot === 'order') candidates = cached.orderIds();
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
complete -F _loan_tui_complete loan-tui
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
