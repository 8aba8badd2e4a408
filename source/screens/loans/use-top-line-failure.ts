// A failed read of the loans is on the status line too (as a failed symbol list is: services/last-error.ts), until
// a read succeeds. The book is read by use-loan-book.ts: this follows its answers into the app's status line.
import {useEffect} from 'react';
import {MissingCredentialsError} from '../../api/errors.js';
import {errorLine} from '../../format/describe-error.js';
import type {LastError} from '../../services/last-error.js';

/** `failure`: why the last read failed; `readAt`: when the last good read came (undefined before the first). */
export function useTopLineFailure(lastError: LastError, failure: unknown, readAt: number | undefined): void {
	useEffect(() => {
		// Missing credentials are this screen's to say (the Credentials screen is where they go): not carried elsewhere.
		if (failure !== undefined) lastError.report('loans', `Loans: ${errorLine(failure)}`, {untilLeft: failure instanceof MissingCredentialsError});
		else if (readAt !== undefined) lastError.succeeded('loans');
	}, [failure, readAt, lastError]);
	useEffect(() => () => lastError.left('loans'), [lastError]);
}
