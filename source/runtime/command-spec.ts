// The one description of the command line: every command with its arguments, options, help text and examples,
// and every option with its type and one line of help. The parser (args.ts), the help (cli/help.ts) and shell
// completion (cli/completion.ts) are all derived from this table, so they cannot disagree.

export const GLOBAL_OPTIONS = {
	json: {type: 'boolean'},
	'base-url': {type: 'string'},
	demo: {type: 'boolean'},
	'demo-account': {type: 'string'},
	locale: {type: 'string'},
	profile: {type: 'string'},
	timeout: {type: 'string'},
	debug: {type: 'boolean'},
	'allow-insecure-http': {type: 'boolean'},
	version: {type: 'boolean'},
	help: {type: 'boolean', short: 'h'},
} as const;

export const COMMAND_OPTIONS = {
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
	'from-collateral': {type: 'boolean'},
	days: {type: 'string'},
	local: {type: 'boolean'},
	csv: {type: 'boolean'},
	wide: {type: 'boolean'},
	sort: {type: 'string'},
	'to-ltv': {type: 'string'},
	margin: {type: 'string'},
	'past-max-withdrawable': {type: 'boolean'},
	order: {type: 'string'},
	interval: {type: 'string'},
	'warn-ltv': {type: 'string'},
	'warn-fall': {type: 'string'},
	'warn-chance': {type: 'string'},
	repeat: {type: 'string'},
	once: {type: 'boolean'},
	bell: {type: 'boolean'},
	notify: {type: 'boolean'},
	exec: {type: 'string'},
	webhook: {type: 'string'},
	'top-up-at': {type: 'string'},
	'top-up-to': {type: 'string'},
	'max-add': {type: 'string'},
} as const;

type GlobalOptionName = keyof typeof GLOBAL_OPTIONS;
export type CommandOptionName = keyof typeof COMMAND_OPTIONS;
export type OptionName = GlobalOptionName | CommandOptionName;

/** What a value is, for help ("--daily PERIOD") and for completion (which words to offer). */
type ValueKind = 'coin' | 'period' | 'amount' | 'days' | 'url' | 'locale' | 'profile' | 'seconds';

export interface OptionDoc {
	value?: ValueKind;
	/** Placeholder in help, like N or C. */
	placeholder?: string;
	text: string;
}

export const OPTION_DOCS: Record<OptionName, OptionDoc> = {
	json: {text: "print the API's data payload as JSON (errors as JSON on stderr)"},
	'base-url': {value: 'url', placeholder: 'URL', text: 'API origin (env LOAN_TUI_BASE_URL; default https://api.bitget.com)'},
	demo: {text: 'run against the embedded simulator with demo credentials; nothing leaves the machine'},
	'demo-account': {placeholder: 'MODE', text: "with --demo: the demo account's mode, unified (the default, as new Bitget accounts are) or classic"},
	locale: {value: 'locale', placeholder: 'TAG', text: 'locale header, like en-US or zh-CN (default from LC_ALL/LANG, else en-US)'},
	profile: {value: 'profile', placeholder: 'NAME', text: 'credentials profile (env LOAN_TUI_PROFILE; default "default")'},
	timeout: {value: 'seconds', placeholder: 'SEC', text: 'deadline of a lookup in seconds, more than 0 and at most 600 (default 10)'},
	debug: {text: 'log each request to stderr (credentials redacted)'},
	'allow-insecure-http': {text: 'send credentials over plain http:// to a host that is not this machine (refused otherwise)'},
	version: {text: 'print the version'},
	help: {text: "this help, or a command's: loan-tui help borrow"},
	'loan-coin': {value: 'coin', placeholder: 'COIN', text: 'the coin to borrow, like USDT'},
	'pledge-coin': {value: 'coin', placeholder: 'COIN', text: 'the coin pledged as collateral, like BTC'},
	daily: {value: 'period', placeholder: 'PERIOD', text: 'loan period: SEVEN (or 7), THIRTY (or 30), FLEXIBLE'},
	'pledge-amount': {value: 'amount', placeholder: 'N', text: 'how much collateral to pledge, a plain decimal like 0.5'},
	'loan-amount': {value: 'amount', placeholder: 'N', text: 'how much to borrow, a plain decimal like 100'},
	all: {text: 'every period side by side: SEVEN, THIRTY and FLEXIBLE'},
	yes: {text: 'do not ask for confirmation (needed without a terminal)'},
	stdin: {text: 'read API key, secret key and passphrase as three lines from standard input'},
	amount: {value: 'amount', placeholder: 'N', text: 'repay this much (interest first, then principal)'},
	'keep-collateral': {text: 'keep the collateral pledged after a partial repayment (--amount; repaying all releases it all)'},
	'from-collateral': {text: 'pay out of the collateral (Bitget sells pledge coin) instead of with the loan coin; unified trading accounts only'},
	days: {value: 'days', placeholder: 'N', text: 'the last N days, 1 to 90 (default 30)'},
	local: {text: "what this app sent from this machine (borrow, repay, collateral), not the exchange's records"},
	csv: {
		text: 'CSV instead of the table (RFC 4180): a time_utc column (2026-11-28 10:15:00, UTC), then every field of each record as --json prints it; not with --json',
	},
	wide: {text: 'every column, however wide (a narrow terminal or COLUMNS leaves the least important out)'},
	sort: {
		placeholder: 'ORDER',
		text: 'cost (lowest APR, then least collateral; the default), safety (farthest from liquidation) or chance (least likely margin call)',
	},
	'to-ltv': {placeholder: 'PCT', text: 'compute the amount that brings the LTV to this percentage, like 60 (then the same review)'},
	margin: {placeholder: 'PTS', text: 'LTV points kept below the margin call by "max withdrawable", 0 to 50 (default 5)'},
	'past-max-withdrawable': {text: 'withdraw even past "max withdrawable" (closer to the margin call than --margin points); --yes alone refuses it'},
	order: {placeholder: 'IDS', text: 'only these loans: order ids, comma-separated (default: every ongoing loan)'},
	interval: {value: 'seconds', placeholder: 'SEC', text: 'read the loans every SEC seconds, at least 10 (default 60)'},
	'warn-ltv': {placeholder: 'PCT', text: "warn from this LTV, like 70 (default: each loan's margin-call LTV less 5 points)"},
	'warn-fall': {placeholder: 'PCT', text: 'also warn when the collateral may fall at most PCT % before the margin call'},
	'warn-chance': {
		placeholder: 'PCT',
		text: "also alert when a loan's chance of a margin call within 24 h reaches PCT %, like 10 or 10% (a bare number below 1 is refused: write 0.5%)",
	},
	repeat: {placeholder: 'MIN', text: 'remind every MIN minutes while a loan stays at margin call or worse (default 30)'},
	once: {text: 'one read, then exit with the worst level: 0 ok, 10 warn (or a chance past --warn-chance), 11 margin call, 12 liquidation near, 1 unread'},
	bell: {text: 'ring the terminal bell with each alert'},
	notify: {text: 'a desktop notification with each alert (notify-send on Linux, osascript on macOS)'},
	exec: {placeholder: 'CMD', text: 'run CMD (with sh -c) for each alert, the event in LOAN_TUI_EVENT_* variables (never credentials)'},
	webhook: {value: 'url', placeholder: 'URL', text: 'POST each alert as JSON to URL (https, or http on this machine; 5 s deadline)'},
	'top-up-at': {placeholder: 'PCT', text: "add collateral when a loan's LTV reaches PCT % (with --top-up-to and --max-add; --yes to send)"},
	'top-up-to': {placeholder: 'PCT', text: 'the LTV a top-up brings the loan to, below --top-up-at'},
	'max-add': {value: 'amount', placeholder: 'NCOIN,…', text: 'the most collateral added per pledge coin in 24 hours across loans, like 0.5BTC,5000DOGE'},
};

export interface CommandSpec {
	/** After "loan-tui": the command and its arguments. */
	usage: string;
	/** One line for the general help. */
	summary: string;
	/** A paragraph for the command's own help. */
	description: string;
	options: readonly CommandOptionName[];
	/** This command's own words for an option whose OPTION_DOCS text is another command's (repay's --all). */
	optionText?: Partial<Record<CommandOptionName, string>>;
	/** Options that cannot be given together (a global one too): each pair is refused (exit 2) before anything is sent. */
	conflicts?: readonly (readonly [CommandOptionName, OptionName])[];
	/** How many words may follow the command, and the words completion offers for each position. */
	positionals: readonly (readonly string[] | 'order' | 'symbol' | 'amount' | 'shell' | 'command')[];
	examples: readonly string[];
}

const HISTORY_KIND_WORDS = ['loans', 'repayments', 'collateral', 'liquidations'] as const;
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export const COMMAND_SPECS = {
	symbols: {
		usage: 'symbols [SYMBOL]',
		summary: 'all spot pairs, or one (BTCUSDT, btc/usdt)',
		description:
			'All spot trading pairs as a table, or the details of one pair. Records the exchange sends in a\nform loan-tui cannot read are left out and counted on stderr.',
		options: ['wide'],
		positionals: ['symbol'],
		examples: ['loan-tui symbols', 'loan-tui symbols BTCUSDT', 'loan-tui symbols --json > pairs.json'],
	},
	estimate: {
		usage: 'estimate --loan-coin COIN --pledge-coin COIN (--daily PERIOD | --all) (--pledge-amount N | --loan-amount N)',
		summary: 'what a loan would cost: hourly interest, borrowable amount, APR',
		description:
			'Estimated hourly interest and borrowable amount for a pledge, with daily interest, interest over\nterm and the annual rate (for an amount too small for an exact rate, the coin\'s official rate,\nmarked "official"). --all compares SEVEN, THIRTY and FLEXIBLE side by side; a period Bitget\nrefuses is named on stderr with its code and msg (in --json, as that period\'s "error") and the\nothers are shown: exit 0 when at least one period was estimated, 1 when none. Public: no\ncredentials are sent.\n--loan-amount N estimates by the amount to borrow: the collateral it takes is derived from one\nestimate (scaled: the estimate is linear in the pledge) and checked with a second at that pledge;\nboth are shown when they disagree beyond the server\'s rounding. An amount outside the coin\'s\nmin/max is refused (exit 2) with the limits.',
		options: ['loan-coin', 'pledge-coin', 'daily', 'all', 'pledge-amount', 'loan-amount'],
		conflicts: [
			['daily', 'all'],
			['pledge-amount', 'loan-amount'],
		],
		positionals: [],
		examples: [
			'loan-tui estimate --loan-coin USDT --pledge-coin BTC --daily 7 --pledge-amount 1',
			'loan-tui estimate --loan-coin USDT --pledge-coin BTC --all --pledge-amount 1 --json',
			'loan-tui estimate --loan-coin USDT --pledge-coin BTC --all --loan-amount 10000',
		],
	},
	plan: {
		usage: 'plan --loan-coin COIN --loan-amount N [--daily PERIOD] [--sort cost|safety|chance]',
		summary: 'every pledge coin ranked for the loan you need, with liquidation prices',
		description:
			'For one loan (coin and amount), every pledgeable coin and period (or the one --daily names):\nthe collateral needed in that coin and in USDT, the APR, the LTV the loan starts at, and the\nmargin-call and liquidation prices of the pledge coin in the loan coin with how far each is from\ntoday\'s price, and the chance of a margin call within the period (a flexible loan: 30 days)\nfrom the last 30 days\' hourly prices of the pair ("no history" for a coin listed lately). Sorted\nby cost, by safety (--sort safety) or by that chance (--sort chance). Prices come from Bitget\'s\npublic tickers, with their age; a coin with no price is ranked last as "no price"; when the\ntickers cannot be read the plan is still shown, its prices "unavailable". Estimates are sent at\nmost 10 per second, candles once per pledge coin at most 20 per second (progress on stderr).\nPublic: no credentials are sent.',
		options: ['loan-coin', 'loan-amount', 'daily', 'sort', 'wide'],
		positionals: [],
		examples: ['loan-tui plan --loan-coin USDT --loan-amount 10000', 'loan-tui plan --loan-coin USDT --loan-amount 10000 --daily 30 --sort chance --json'],
	},
	borrow: {
		usage: 'borrow --loan-coin COIN --pledge-coin COIN --daily PERIOD (--pledge-amount N | --loan-amount N) [--yes]',
		summary: 'borrow a coin against collateral (asks first)',
		description:
			'Borrows the loan coin against the pledge coin. Give exactly one amount. Without --yes it asks\n"Borrow? [y/N]" on a terminal, and refuses (exit 2) when there is no terminal to ask. A borrow\nis sent at most once. Exit 3 means the outcome is unknown: loan-tui then reads your loans and\nsays what it found.',
		options: ['loan-coin', 'pledge-coin', 'daily', 'pledge-amount', 'loan-amount', 'yes'],
		conflicts: [['pledge-amount', 'loan-amount']],
		positionals: [],
		examples: [
			'loan-tui borrow --loan-coin USDT --pledge-coin BTC --daily SEVEN --pledge-amount 0.5',
			'loan-tui borrow --loan-coin USDT --pledge-coin ETH --daily 30 --loan-amount 100 --yes --json',
		],
	},
	loans: {
		usage: 'loans [ORDER [--margin PTS] [--to-ltv PCT]]',
		summary: 'ongoing loans, riskiest first (or one loan in detail)',
		description:
			'Your ongoing loans, riskiest first: amount, accrued interest, APR, collateral, the LTV against the\nmargin-call and liquidation LTVs, how far the collateral coin may fall (against the loan coin)\nbefore each is reached, time to expiry and the risk level, as watch names it (ok, warn,\nmargin-call, liquidation-near). Totals from Bitget\'s debts. With ORDER, one loan in detail with\nan LTV gauge, the most collateral that can be withdrawn now (keeping the LTV --margin points,\ndefault 5, below the margin call) and what to add to bring the LTV back to --to-ltv PCT\n(default: the pledge coin\'s initial LTV). A loan Bitget sends in a form loan-tui cannot read is\nleft out and counted on stderr (--json: "unreadable").',
		options: ['wide', 'margin', 'to-ltv'],
		optionText: {'to-ltv': 'with ORDER: the LTV "to target LTV" brings the loan back to (default: the initial LTV)'},
		positionals: ['order'],
		examples: ['loan-tui loans', 'loan-tui loans 1130000000000000001 --json', 'loan-tui loans 1130000000000000001 --margin 10 --to-ltv 55'],
	},
	repay: {
		usage: 'repay ORDER (--all | --amount N | --to-ltv PCT) [--keep-collateral] [--from-collateral] [--yes]',
		summary: 'repay a loan, all or part',
		description:
			'Repays a loan: --all (principal and interest; all collateral is released) or --amount N\n(interest first, then principal). --keep-collateral keeps the collateral pledged on a partial\nrepayment (the LTV falls). Asks "Repay? [y/N]" on a terminal after showing principal, interest\nand what will be released; refuses (exit 2) without a terminal unless --yes. Sent at most once.\nExit 3: the outcome is unknown; loan-tui then reads the loan again and says what it found.\n--to-ltv PCT computes the partial repayment that brings the LTV down to PCT % (the collateral\nkept, as only that lowers the LTV), then the same review. --from-collateral pays out of the collateral (a unified trading account\'s\nrepay method "collateral"): the review says how much pledge coin is sold at today\'s price.',
		options: ['all', 'amount', 'keep-collateral', 'from-collateral', 'yes', 'to-ltv'],
		optionText: {
			all: 'repay principal and interest in full; all collateral is released',
		},
		conflicts: [
			['all', 'amount'],
			['all', 'keep-collateral'],
			['to-ltv', 'all'],
			['to-ltv', 'amount'],
		],
		positionals: ['order'],
		examples: [
			'loan-tui repay 1130000000000000001 --all',
			'loan-tui repay 1130000000000000001 --amount 50 --keep-collateral',
			'loan-tui repay 1130000000000000001 --to-ltv 50',
			'loan-tui repay 1130000000000000001 --all --from-collateral',
		],
	},
	collateral: {
		usage: 'collateral ORDER (add|withdraw) (N | --to-ltv PCT) [--margin PTS] [--past-max-withdrawable] [--yes]',
		summary: 'add or withdraw collateral of a loan',
		description:
			'Adds or withdraws N of the loan\'s collateral coin. Shows the LTV before and after (from the\nloan\'s own figures) and refuses, before sending, a withdrawal that would put the LTV at or\nabove the margin-call LTV. Sent at most once; exit 3 as for repay. --to-ltv PCT computes N:\nwhat to add to bring the LTV down to PCT %, or what can be withdrawn with the LTV rising to PCT %\n(below the margin call), then the same review. A withdrawal past "max withdrawable" (the LTV\ncloser than --margin points, default 5, to the margin call) is refused with --yes alone (exit 2,\nnothing sent) unless --past-max-withdrawable accepts it; on a terminal it is asked a second time.',
		options: ['yes', 'to-ltv', 'margin', 'past-max-withdrawable'],
		positionals: ['order', ['add', 'withdraw'], 'amount'],
		examples: [
			'loan-tui collateral 1130000000000000001 add 0.1',
			'loan-tui collateral 1130000000000000001 withdraw 0.05 --yes',
			'loan-tui collateral 1130000000000000001 add --to-ltv 60',
		],
	},
	history: {
		usage: 'history (loans|repayments|collateral|liquidations) [--days N] [--csv] | history --local [--csv]',
		summary: 'past loans, repayments, collateral changes, liquidations',
		description:
			'Past loans, repayments, collateral changes or liquidations over the last N days (default 30,\nat most 90: Bitget keeps three months), every page, newest first. Records Bitget sends in a form\nloan-tui cannot read are left out and counted on stderr; --json prints {records, unreadable}.\n--csv prints the same records as CSV for a spreadsheet or a tax tool: a header row, then one row\nper record, newest first: time_utc (when it happened, UTC, as 2026-11-28 10:15:00), then every\nfield as --json has it (epoch-ms times, ratios as fractions); text a spreadsheet would run as a\nformula (=, +, -, @ first) starts with a single quote. --local shows instead what this app sent\nfrom this machine, with each outcome and order id (--csv too: its values a column each).',
		options: ['days', 'local', 'csv', 'wide'],
		conflicts: [['csv', 'json']],
		positionals: [HISTORY_KIND_WORDS],
		examples: [
			'loan-tui history loans',
			'loan-tui history repayments --days 90 --json',
			'loan-tui history loans --days 90 --csv > loans.csv',
			'loan-tui history --local',
		],
	},
	watch: {
		usage:
			'watch [--order IDS] [--interval SEC] [--warn-ltv PCT] [--warn-fall PCT] [--warn-chance PCT] [--repeat MIN] [--once] [--bell] [--notify] [--exec CMD] [--webhook URL] [--top-up-at PCT --top-up-to PCT --max-add NCOIN,… [--yes]]',
		summary: 'watch your loans and alert when one comes near its margin call or liquidation',
		description:
			"Reads your ongoing loans every --interval seconds (default 60) with today's prices and alerts when a\nloan's level changes: ok, warn (from --warn-ltv, default the margin-call LTV less 5 points, or\nwithin --warn-fall % of the margin-call price), margin-call, liquidation-near (within 3 points of\nthe liquidation LTV), closed (repaid or liquidated). While a loan stays at margin call or worse it\nreminds every --repeat minutes. Not seeing is an alert too: the loans unreadable for 3 reads in a\nrow, or the prices for 2 minutes. Alerts go to stdout (one line, or NDJSON with --json) and to\n--bell, --notify, --exec and --webhook as given. One watch per Bitget account at a time. Ctrl+C or\nSIGTERM stops it (exit 3 if a top-up's outcome stays unknown). --once reads once and exits with the\nworst level, for cron. With --warn-chance PCT it also alerts when a loan's chance of a margin call\nwithin 24 hours (from its pair's volatility over the last 30 days) reaches PCT % — advice only, it\nnever tops up; --once counts such a loan as warn. It only reads, unless asked to top up: with --top-up-at A --top-up-to T\n--max-add 0.5BTC --yes, a loan read at A gets the collateral that brings it to T (at most the coin's\ncap in 24 hours across loans; once per crossing; at most once in 10 minutes; never while an earlier\noutcome is unknown), through the same single, recorded post as loan-tui collateral. The limits are\nkept on disk, so restarts and --once runs keep them. Without --yes it says what it would add.",
		options: [
			'order',
			'interval',
			'warn-ltv',
			'warn-fall',
			'warn-chance',
			'repeat',
			'once',
			'bell',
			'notify',
			'exec',
			'webhook',
			'top-up-at',
			'top-up-to',
			'max-add',
			'yes',
		],
		optionText: {yes: 'with --top-up-at: send the top-ups (without it the watch only says what it would add)'},
		positionals: [],
		examples: [
			'loan-tui watch',
			'loan-tui watch --once --json',
			'loan-tui watch --warn-ltv 70 --webhook https://ntfy.sh/my-loans',
			'loan-tui watch --order 1130000000000000001 --exec \'logger "$LOAN_TUI_EVENT_TEXT"\'',
		],
	},
	coins: {
		usage: 'coins',
		summary: 'loanable and pledgeable coins: rates, limits, LTVs',
		description:
			"What can be borrowed (hourly rate and APR per period, min and max amount) and pledged (initial,\nmargin-call and liquidation LTV), from Bitget's public coin list.",
		options: ['wide'],
		positionals: [],
		examples: ['loan-tui coins', 'loan-tui coins --json'],
	},
	login: {
		usage: 'login [--stdin]',
		summary: 'store API credentials in the OS keychain',
		description:
			'Stores API key, secret key and passphrase in the OS keychain (service "loan-tui", account =\nprofile). On a terminal it prompts (secret and passphrase hidden); with --stdin it reads three\nlines: API key, secret key, passphrase.',
		options: ['stdin'],
		positionals: [],
		examples: ['loan-tui login', 'loan-tui login --profile trading --stdin < keys.txt'],
	},
	logout: {
		usage: 'logout',
		summary: 'remove the stored credentials',
		description: "Removes the profile's credentials from the OS keychain.",
		options: [],
		positionals: [],
		examples: ['loan-tui logout', 'loan-tui logout --profile trading'],
	},
	whoami: {
		usage: 'whoami',
		summary: 'which credentials are in use (key masked)',
		description:
			'Shows the profile, where its credentials come from (environment or keychain) and the API key\nmasked. Never shows the secret key or passphrase.',
		options: [],
		positionals: [],
		examples: ['loan-tui whoami', 'loan-tui whoami --json'],
	},
	help: {
		usage: 'help [COMMAND]',
		summary: "this help, or one command's",
		description: 'The general help, or the help of one command: its options, one line each, and examples.',
		options: [],
		positionals: ['command'],
		examples: ['loan-tui help', 'loan-tui help repay'],
	},
	completion: {
		usage: 'completion (bash|zsh|fish)',
		summary: 'shell completion script',
		description:
			'Prints a completion script for your shell: commands, options, periods, history kinds; coins\n(--loan-coin the loanable ones, --pledge-coin the pledgeable ones, from the last coin list read by\nloan-tui coins or the app), pairs (after loan-tui symbols or the app\'s Symbols) and order ids (repay, collateral,\nloans: from the last loan-tui loans or Loans screen read, per profile). These come from the cache,\nnever the network; with nothing cached nothing is offered, never file names. A --demo run fills\nthe demo\'s own cache, offered on a line with --demo. Load the script from your shell\'s start-up\nfile:\n  bash: eval "$(loan-tui completion bash)"        (in ~/.bashrc)\n  zsh:  eval "$(loan-tui completion zsh)"         (in ~/.zshrc, after compinit)\n  fish: loan-tui completion fish | source        (in ~/.config/fish/config.fish)',
		options: [],
		positionals: ['shell'],
		examples: ['loan-tui completion bash >> ~/.bashrc', 'loan-tui completion fish > ~/.config/fish/completions/loan-tui.fish'],
	},
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMAND_SPECS;
export const COMMANDS = Object.keys(COMMAND_SPECS) as CommandName[];

/** An option's line of help in one command: the command's own words, else the option's. */
export function optionText(command: CommandName | undefined, name: OptionName): string {
	const own = command === undefined ? undefined : (COMMAND_SPECS[command] as CommandSpec).optionText;
	return own?.[name as CommandOptionName] ?? OPTION_DOCS[name].text;
}
