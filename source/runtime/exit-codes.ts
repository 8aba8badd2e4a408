export const EXIT = {
	ok: 0,
	/** The server refused, or could not be reached. */
	refused: 1,
	/** Bad usage or invalid input: nothing was sent. */
	usage: 2,
	/** A money-moving POST (borrow, repay, collateral) may or may not have acted. */
	outcomeUnknown: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const GENERAL_HINT = 'See loan-tui --help.';

/** "See loan-tui borrow --help.": where a refusal of a command's input points. */
export const commandHelpHint = (command: string): string => `See loan-tui ${command} --help.`;

/** A usage problem found before anything was sent. */
export class UsageError extends Error {
	readonly hint: string;
	/** Whether the hint was chosen where the error was made (else it is the general one, which a command replaces). */
	readonly ownHint: boolean;
	constructor(message: string, hint?: string) {
		super(message);
		this.name = 'UsageError';
		this.hint = hint ?? GENERAL_HINT;
		this.ownHint = hint !== undefined;
	}
}
