import type {CommandName} from '../runtime/args.js';

export const GENERAL_HELP = `loan-tui — Bitget spot pairs, crypto-loan estimates and borrowing, from the terminal

Usage
  loan-tui                        the interactive app (needs a terminal)
  loan-tui symbols [SYMBOL]       all spot pairs, or one (BTCUSDT, btc/usdt)
  loan-tui estimate --loan-coin C --pledge-coin C (--daily D | --all) --pledge-amount N
  loan-tui borrow   --loan-coin C --pledge-coin C --daily D (--pledge-amount N | --loan-amount N) [--yes]
  loan-tui loans [ORDER]          ongoing loans, riskiest first (or one loan in detail)
  loan-tui repay ORDER (--all | --amount N) [--keep-collateral] [--yes]
  loan-tui collateral ORDER (add|withdraw) N [--yes]
  loan-tui history (loans|repayments|collateral|liquidations) [--days N]
  loan-tui history --local [--days N]
  loan-tui coins                  loanable and pledgeable coins: rates, limits, LTVs
  loan-tui login [--stdin]        store API credentials in the OS keychain
  loan-tui logout                 remove them
  loan-tui whoami                 which credentials are in use (key masked)

Global options
  --json            print the API's data payload as JSON (errors as JSON on stderr)
  --demo            run against the embedded simulator with demo credentials; nothing leaves the machine
  --base-url URL    API origin (env LOAN_TUI_BASE_URL; default https://api.bitget.com)
  --locale TAG      locale header, like en-US or zh-CN (default from LC_ALL/LANG, else en-US)
  --profile NAME    credentials profile (env LOAN_TUI_PROFILE; default "default")
  --timeout SEC     deadline of a lookup, retries included (default 10; a borrow always has 15)
  --debug           log each request to stderr (credentials redacted)
  --allow-insecure-http  send credentials over plain http:// to a host that is not this machine
                    (refused otherwise: they would travel unencrypted)
  --version         print the version
  -h, --help        this help, or a command's: loan-tui borrow --help

Periods (--daily): SEVEN (or 7), THIRTY (or 30), FLEXIBLE
Exit codes: 0 ok, 1 refused by the server or unreachable, 2 bad usage or input (nothing sent),
            3 outcome unknown (borrow, repay, collateral): loan-tui has checked your loans and
              says what it found; check again before trying again
Credentials: BITGET_API_KEY, BITGET_SECRET_KEY, BITGET_PASSPHRASE override the keychain.
`;

export const COMMAND_HELP: Record<CommandName, string> = {
	symbols: `loan-tui symbols [SYMBOL]

All spot trading pairs as a table, or the details of one pair.
  loan-tui symbols                  every pair
  loan-tui symbols BTCUSDT          one pair (BTC/USDT and btc-usdt work too)
  loan-tui symbols --json           the data payload as JSON
`,
	estimate: `loan-tui estimate --loan-coin C --pledge-coin C (--daily D | --all) --pledge-amount N

Estimated hourly interest and borrowable amount for a pledge, with daily interest, interest over
the term and the annualised rate. --all compares SEVEN, THIRTY and FLEXIBLE side by side.
  loan-tui estimate --loan-coin USDT --pledge-coin BTC --daily 7 --pledge-amount 1
  loan-tui estimate --loan-coin USDT --pledge-coin BTC --all --pledge-amount 1 --json
`,
	borrow: `loan-tui borrow --loan-coin C --pledge-coin C --daily D (--pledge-amount N | --loan-amount N) [--yes]

Borrows LOAN-COIN against PLEDGE-COIN. Give exactly one amount. Without --yes it asks
"Borrow? [y/N]" on a terminal, and refuses (exit 2) when there is no terminal to ask.
A borrow is sent at most once. Exit 3 means the outcome is unknown: check your loan orders
on Bitget before trying again.
  loan-tui borrow --loan-coin USDT --pledge-coin BTC --daily SEVEN --pledge-amount 0.5
`,
	loans: `loan-tui loans [ORDER]

Your ongoing loans, riskiest first: amount, accrued interest, APR, collateral, the LTV against the
margin-call and liquidation LTVs, how far the collateral coin may fall (against the loan coin)
before each is reached, time to expiry and a risk word. Totals from Bitget's debts. With ORDER,
one loan in detail with an LTV gauge.
  loan-tui loans
  loan-tui loans 1130000000000000001 --json
`,
	repay: `loan-tui repay ORDER (--all | --amount N) [--keep-collateral] [--yes]

Repays a loan: --all (principal and interest; all collateral is released) or --amount N
(interest first, then principal). --keep-collateral keeps the collateral pledged on a partial
repayment (the LTV falls). Asks "Repay? [y/N]" on a terminal after showing principal, interest
and what will be released; refuses (exit 2) without a terminal unless --yes. Sent at most once.
Exit 3: the outcome is unknown; loan-tui then reads the loan again and says what it found.
`,
	collateral: `loan-tui collateral ORDER (add|withdraw) N [--yes]

Adds or withdraws N of the loan's collateral coin. Shows the LTV before and after (from the
loan's own figures) and refuses, before sending, a withdrawal that would put the LTV at or
above the margin-call LTV. Sent at most once; exit 3 as for repay.
  loan-tui collateral 1130000000000000001 add 0.1
`,
	history: `loan-tui history (loans|repayments|collateral|liquidations) [--days N]
loan-tui history --local [--days N]

Past loans, repayments, collateral changes or liquidations over the last N days (default 30,
at most 90: Bitget keeps three months), every page, newest first.
--local lists what this app sent that moves money (borrow, repay, collateral, from the CLI and
the app), newest first: time, operation, values, outcome (done, refused, unknown), order id.
Read from the local file only; no request, no credentials. --days limits it to the last N days.
  loan-tui history --local
`,
	coins: `loan-tui coins

What can be borrowed (hourly rate and APR per period, min and max amount) and pledged (initial,
margin-call and liquidation LTV), from Bitget's public coin list.
`,
	login: `loan-tui login [--stdin] [--profile NAME]

Stores API key, secret key and passphrase in the OS keychain (service "loan-tui",
account = profile). On a terminal it prompts (secret and passphrase hidden);
with --stdin it reads three lines: API key, secret key, passphrase.
`,
	logout: `loan-tui logout [--profile NAME]

Removes the profile's credentials from the OS keychain.
`,
	whoami: `loan-tui whoami [--profile NAME]

Shows the profile, where its credentials come from (environment or keychain) and the API key
masked. Never shows the secret key or passphrase.
`,
};
