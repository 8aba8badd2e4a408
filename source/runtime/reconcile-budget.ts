// How long a reconciliation after an unknown outcome keeps reading the loans: LOAN_TUI_RECONCILE_SECONDS (default
// 20, 0 to 120; 0 reads once). The CLI refuses a bad value; the app falls back to the default (see app/create-services).
import {UsageError} from './exit-codes.js';

/** The default: 20 s of reading again. */
export const RECONCILE_TOTAL_MS = 20_000;

export function reconcileBudgetMs(env: NodeJS.ProcessEnv): number {
	const text = env.LOAN_TUI_RECONCILE_SECONDS;
	if (text === undefined || text === '') return RECONCILE_TOTAL_MS;
	if (!/^\d{1,3}$/.test(text) || Number(text) > 120) throw new UsageError('LOAN_TUI_RECONCILE_SECONDS must be a whole number of seconds from 0 to 120');
	return Number(text) * 1000;
}
