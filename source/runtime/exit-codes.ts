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

/** A usage problem found before anything was sent. */
export class UsageError extends Error {
	constructor(
		message: string,
		readonly hint = 'See loan-tui --help.',
	) {
		super(message);
		this.name = 'UsageError';
	}
}
