// What the screen shows of the live estimate: the table of the last answers (kept, marked as updating, while new
// ones are asked for) and the header that names the values of those figures.
import type {LoanCoinInfo} from '../../api/loan-types.js';
import type {Period} from '../../api/types.js';
import type {EstimateQuery, LiveEstimate, LiveLoanAmountEstimate, LoanAmountQuery, LoanAmountResult, PeriodResult} from '../../ui/use-live-estimate.js';

export type ShownTable =
	| {kind: 'loan'; results: Partial<Record<Period, LoanAmountResult>>; query: LoanAmountQuery; official?: LoanCoinInfo}
	| {kind: 'pledge'; results: Partial<Record<Period, PeriodResult>>; query: EstimateQuery; official?: LoanCoinInfo};

export interface ShownAnswer {
	/** undefined while nothing has answered yet (a spinner meanwhile). */
	table?: ShownTable;
	/** New answers are asked for: the figures shown are the last ones. */
	stale: boolean;
	/** The header's values; `updating` said after them while new answers are asked for. */
	heading?: {values: string; updating?: string};
}

interface Live {
	loanMode: boolean;
	pledgeLive: LiveEstimate;
	loanLive: LiveLoanAmountEstimate;
	/** What is asked now in each mode (undefined: nothing, the values are not complete). */
	query: EstimateQuery | undefined;
	loanQuery: LoanAmountQuery | undefined;
	/** The loan coin's official rates (coinInfos), when known. */
	official(coin: string): LoanCoinInfo | undefined;
}

export function shownAnswer({loanMode, pledgeLive, loanLive, query, loanQuery, official}: Live): ShownAnswer {
	const live = loanMode ? loanLive : pledgeLive;
	const asked = loanMode ? loanQuery : query;
	const shownQuery = live.status === 'ready' ? live.query : live.status === 'waiting' ? live.previousQuery : undefined;
	const stale = live.status === 'waiting';
	const heading =
		asked === undefined
			? undefined
			: {
					// The header names the values of the figures below it: while new ones are asked for, the old ones'.
					values: describeQuery(shownQuery ?? asked),
					...(stale
						? {
								updating:
									shownQuery === undefined || describeQuery(shownQuery) === describeQuery(asked) ? ' (updating…)' : ` (updating for ${describeQuery(asked)}…)`,
							}
						: {}),
				};
	return {table: shownTable({loanMode, pledgeLive, loanLive, query, loanQuery, official}), stale, ...(heading ? {heading} : {})};
}

function shownTable({loanMode, pledgeLive, loanLive, query, loanQuery, official}: Live): ShownTable | undefined {
	if (loanLive.status !== 'idle' && loanMode && loanQuery) {
		const results = loanLive.status === 'ready' ? loanLive.results : loanLive.previous;
		const shown = loanLive.status === 'ready' ? loanLive.query : (loanLive.previousQuery ?? loanQuery);
		return results ? {kind: 'loan', results, query: shown, official: official(shown.loanCoin)} : undefined;
	}
	if (pledgeLive.status !== 'idle' && !loanMode && query) {
		const results = pledgeLive.status === 'ready' ? pledgeLive.results : pledgeLive.previous;
		return results ? {kind: 'pledge', results, query, official: official(query.loanCoin)} : undefined;
	}
	return undefined;
}

const describeQuery = (query: EstimateQuery | LoanAmountQuery) =>
	'loanAmount' in query
		? `borrow ${query.loanAmount} ${query.loanCoin} against ${query.pledgeCoin}`
		: `pledge ${query.pledgeAmount} ${query.pledgeCoin}, borrow ${query.loanCoin}`;
