// Wire types of the loan-management endpoints (reference Part C), after runtime validation (loan-schemas.ts).
//
// UNITS, normalised once at the wire: every ratio below (hourly and annual interest rates, loan-to-value
// ratios pledgeRate / supRate / forceRate / initRate / afterPledgeRate ...) is a FRACTION written as a decimal
// string: "0.65" means 65 %. coinInfos sends fractions already; the order endpoints send percentages ("65"),
// which loan-schemas.ts divides by 100. Amounts are decimal strings in their coin; times are epoch-ms strings.
import type {Period} from './types.js';

export interface LoanCoinInfo {
	coin: string;
	/** Hourly interest rate per period, where the server gives one. */
	hourRate: Partial<Record<Period, string>>;
	/** Annualised rate per period, where the server gives one. */
	annualRate: Partial<Record<Period, string>>;
	/** Borrow limits in the coin itself (`min`/`max`, or the newer `minBorrowAmount`/`maxBorrowAmount`). */
	minAmount?: string;
	maxAmount?: string;
	minUsdt?: string;
	maxUsdt?: string;
}

export interface PledgeCoinInfo {
	coin: string;
	initRate: string;
	supRate: string;
	forceRate: string;
	minUsdt?: string;
	maxUsdt?: string;
}

export interface CoinInfos {
	loanInfos: LoanCoinInfo[];
	pledgeInfos: PledgeCoinInfo[];
}

export interface OngoingLoan {
	orderId: string;
	loanCoin: string;
	loanAmount: string;
	interestAmount: string;
	hourInterestRate: string;
	pledgeCoin: string;
	pledgeAmount: string;
	/** Current loan-to-value (fraction). */
	pledgeRate: string;
	/** Margin-call LTV (fraction). */
	supRate: string;
	/** Liquidation LTV (fraction). */
	forceRate: string;
	borrowTime: string;
	/** "0" for a flexible loan; undefined when the server did not give one (shown as "not given", never as flexible). */
	expireTime?: string;
}

export interface RepayResult {
	loanCoin: string;
	pledgeCoin: string;
	repayAmount: string;
	payInterest: string;
	repayLoanAmount: string;
	repayUnlockAmount: string;
}

export interface RevisePledgeResult {
	loanCoin: string;
	pledgeCoin: string;
	afterPledgeRate: string;
}

export interface ReviseRecord {
	loanCoin: string;
	pledgeCoin: string;
	orderId: string;
	reviseTime: string;
	/** "down" = collateral added (LTV down), "up" = withdrawn. */
	reviseSide: string;
	reviseAmount: string;
	afterPledgeRate: string;
	beforePledgeRate: string;
}

export interface BorrowRecord {
	orderId: string;
	loanCoin: string;
	pledgeCoin: string;
	initPledgeAmount: string;
	initLoanAmount: string;
	hourRate: string;
	/** As sent: "7", "30", "SEVEN", "FLEXIBLE", ... */
	daily: string;
	borrowTime: string;
	/** ROLLBACK, FORCE, REPAY (any case), or a value the server adds later. */
	status: string;
}

/** A repayment as the history records it: the repay answer's figures, with its order and time. */
export interface RepayRecord extends RepayResult {
	orderId: string;
	repayTime: string;
}

export interface ReduceRecord {
	orderId: string;
	loanCoin: string;
	pledgeCoin: string;
	reduceTime: string;
	pledgeRate: string;
	pledgePrice: string;
	status: string;
	pledgeAmount: string;
	reduceFee: string;
	residueAmount: string;
	runlockAmount: string;
	repayLoanAmount: string;
}

export interface DebtLine {
	coin: string;
	amount: string;
	amountUsdt: string;
}

export interface Debts {
	pledgeInfos: DebtLine[];
	loanInfos: DebtLine[];
}

/** One page of a list read record by record: the records that could be read, and how many could not (a record whose
 * fields are the wrong type or shape is left out and counted; one that is merely odd is kept). */
export interface ListPage<T> {
	records: T[];
	unreadable: number;
	/** What was wrong with the first unreadable record, for --debug and error text (server text, redacted). */
	firstProblem?: string;
}

export interface OngoingQuery {
	orderId?: string;
	loanCoin?: string;
	pledgeCoin?: string;
}

/** A history window: epoch ms, at most the API's three months back. */
export interface HistoryQuery {
	startTime: number;
	endTime: number;
	orderId?: string;
	loanCoin?: string;
	pledgeCoin?: string;
	pageNo?: number;
	pageSize?: number;
}

export interface RepayRequest {
	orderId: string;
	/** true: the whole debt (principal and interest); false: `amount`. */
	repayAll: boolean;
	amount?: string;
	/** Release collateral (classic's default is yes, unified's no: always sent). */
	repayUnlock: boolean;
	/** Unified accounts only: pay with the loan coin (the default) or out of the collateral (Part E.1). */
	method?: RepayMethod;
}

type RepayMethod = 'borrowed_coin' | 'collateral';

export const REVISE_TYPES = ['IN', 'OUT'] as const;
type ReviseType = (typeof REVISE_TYPES)[number];

export interface RevisePledgeRequest {
	orderId: string;
	amount: string;
	pledgeCoin: string;
	/** IN adds collateral, OUT withdraws it. */
	reviseType: ReviseType;
}

export type HistoryKind = 'borrowHistory' | 'repayHistory' | 'reviseHistory' | 'reduces';
export interface HistoryRecords {
	borrowHistory: BorrowRecord;
	repayHistory: RepayRecord;
	reviseHistory: ReviseRecord;
	reduces: ReduceRecord;
}

/** The API answers at most three months back; 90 days is what we promise. */
export const HISTORY_MAX_DAYS = 90;
export const HISTORY_MAX_PAGE_SIZE = 100;
