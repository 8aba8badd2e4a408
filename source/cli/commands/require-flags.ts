import type {Checked} from '../../api/validate.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {sanitize} from '../../format/sanitize.js';
import {checkCoins} from '../../operations/borrow-check.js';
import {UsageError} from '../../runtime/exit-codes.js';
import type {Session} from '../../runtime/session.js';

/** A flag's value through its checker; a missing or bad value is a usage error (exit 2, nothing sent). */
export function flagValue<T>(
	name: string,
	value: string | undefined,
	check: (text: string, label: string) => Checked<T>,
	/** What else would do instead, for the message when the flag is missing ("or --all to compare every period"). */
	alternative?: string,
): T {
	if (value === undefined) throw new UsageError(`--${name} is required${alternative ? `, ${alternative}` : ''}`);
	const checked = check(value, `--${name}`);
	if (!checked.ok) throw new UsageError(checked.message);
	return checked.value;
}

/** Every missing one of the required flags in one refusal, not one per run. Each entry is a flag's name, or what to
 * say for a choice of flags ("--pledge-amount or --loan-amount"). */
export function refuseMissing(missing: ReadonlyArray<string | readonly [flag: string, alternative: string]>): void {
	if (missing.length === 0) return;
	if (missing.length === 1) {
		const [flag, alternative] = typeof missing[0] === 'string' ? [missing[0]] : missing[0]!;
		throw new UsageError(`${flag} is required${alternative ? `, ${alternative}` : ''}`);
	}
	const words = missing.map((entry) => (typeof entry === 'string' ? entry : `${entry[0]} (${entry[1]})`));
	throw new UsageError(`missing ${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`);
}

/** The app refuses a loan against the same coin; so does the command line, before anything is sent. */
export function differentCoins(loanCoin: string, pledgeCoin: string): void {
	if (loanCoin === pledgeCoin) throw new UsageError(`--loan-coin and --pledge-coin are both ${loanCoin}: a loan is taken against a different coin`);
}

/** The coin list, read for the check (undefined when it could not be). A coin Bitget does not lend or take as collateral is refused here (exit 2), before an estimate or a borrow is asked
 * for: the one coin check of operations/borrow-check.ts. When the list cannot be read the server decides, as there. */
export async function refuseUnknownCoins(session: Session, loanCoin: string, pledgeCoin: string): Promise<CoinInfos | undefined> {
	const {check, infos} = await checkCoins(session.client, {loanCoin, pledgeCoin});
	if (check.status === 'refused') throw new UsageError(sanitize(check.reason));
	if (!session.out.json) for (const note of check.notes) session.out.stderr.write(`Note: ${sanitize(note)}.\n`);
	return infos;
}
