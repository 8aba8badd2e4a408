// What a person typed into Estimate and Borrow, kept for the session (half-typed values too), and the last coins,
// period and amounts the server accepted (an estimate answered for them, a borrow went through) written to the
// recent-inputs file (state/recent-inputs.ts) so the next run opens where this one left off: a coin the server
// refused ("40034 Parameter X does not exist") never greets the next start. Writes are coalesced; `flush` writes
// what is pending (the app calls it on quit). The Symbols filter is kept for the session only.
import {checkAmount, checkCoin} from '../api/validate.js';
import type {Period} from '../api/types.js';
import {NO_RECENT_INPUTS, type RecentInputs, type RecentInputsStore} from '../state/recent-inputs.js';

interface EstimateMemory {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	/** Estimate by the pledge (the default) or by the amount to borrow. */
	amountMode?: 'pledge' | 'loan';
	/** Each amount under its own name, as in the borrow wizard. */
	pledgeAmount: string;
	loanAmount?: string;
}

interface BorrowMemory {
	loanCoin: string;
	pledgeCoin: string;
	daily: Period;
	amountMode: 'pledge' | 'loan';
	/** Each amount under its own name: switching the mode never turns a pledge amount into a loan amount. */
	pledgeAmount: string;
	loanAmount: string;
}

/** The loan detail's safety margin below the margin call and the LTV "add" aims at (fractions); unset: the
 * defaults (5 points; the pledge coin's initial LTV). */
export interface LoanTargetMemory {
	safetyMargin?: string;
	targetLtv?: string;
}

/** The Symbols explorer's filter and selected row: kept for the session only, never written. */
interface SymbolsMemory {
	query: string;
	selected: number;
}

export interface InputMemory {
	estimate(): Partial<EstimateMemory>;
	borrow(): Partial<BorrowMemory>;
	symbols(): Partial<SymbolsMemory>;
	rememberSymbols(values: SymbolsMemory): void;
	loanTargets(): LoanTargetMemory;
	/** A setting: kept for the session and the next run at once. */
	setLoanTargets(values: LoanTargetMemory): void;
	/** For the session only. */
	rememberEstimate(values: EstimateMemory): void;
	rememberBorrow(values: BorrowMemory): void;
	/** The server accepted these values: for the session and the next run. Merged into what was accepted before, so
	 * an estimate by loan amount leaves the pledge amount last accepted as it was (and the other way round). */
	acceptEstimate(values: Partial<EstimateMemory>): void;
	/** The server accepted these values: for the session and the next run. */
	acceptBorrow(values: BorrowMemory): void;
	/** Writes the pending change now (no-op without a file). Never rejects: the file is a convenience. */
	flush(): Promise<void>;
}

const SAVE_DELAY_MS = 300;

export function createInputMemory(loaded: RecentInputs = NO_RECENT_INPUTS, file?: RecentInputsStore, delayMs = SAVE_DELAY_MS): InputMemory {
	let estimate: Partial<EstimateMemory> = {...loaded.estimate};
	let borrow: Partial<BorrowMemory> = {...loaded.borrow};
	// What goes to disk: what was loaded, then what the server accepted.
	let savedEstimate: Partial<EstimateMemory> = {...loaded.estimate};
	let savedBorrow: Partial<BorrowMemory> = {...loaded.borrow};
	let loanTargets: LoanTargetMemory = {...loaded.loanTargets};
	let symbols: Partial<SymbolsMemory> = {};
	let timer: NodeJS.Timeout | undefined;
	let writing: Promise<void> = Promise.resolve();
	const write = () => {
		timer = undefined;
		const snapshot: RecentInputs = {estimate: checked(savedEstimate), borrow: checked(savedBorrow), loanTargets};
		writing = writing.then(() => file?.save(snapshot)).catch(() => undefined);
		return writing;
	};
	const schedule = () => {
		if (!file) return;
		if (timer) clearTimeout(timer);
		timer = setTimeout(write, delayMs);
		timer.unref?.();
	};
	const rememberEstimate = (values: EstimateMemory) => {
		if (!sameValues(estimate, values)) estimate = {...values};
	};
	const rememberBorrow = (values: BorrowMemory) => {
		if (!sameValues(borrow, values)) borrow = {...values};
	};
	return {
		estimate: () => estimate,
		borrow: () => borrow,
		symbols: () => symbols,
		rememberSymbols(values) {
			symbols = {...values};
		},
		loanTargets: () => loanTargets,
		setLoanTargets(values) {
			if (sameValues(loanTargets, values)) return;
			loanTargets = {...values};
			schedule();
		},
		rememberEstimate,
		rememberBorrow,
		acceptEstimate(values) {
			estimate = {...estimate, ...values};
			const accepted = {...savedEstimate, ...values};
			if (sameValues(savedEstimate, accepted)) return;
			savedEstimate = accepted;
			schedule();
		},
		acceptBorrow(values) {
			rememberBorrow(values);
			if (sameValues(savedBorrow, values)) return;
			savedBorrow = {...values};
			schedule();
		},
		flush() {
			if (!timer) return writing;
			clearTimeout(timer);
			return write();
		},
	};
}

function sameValues(a: object, b: object): boolean {
	const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
	return [...keys].every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key]);
}

/** Only values that pass the app's own checks go to disk, in their canonical form ("btc" -> "BTC", "007.5" -> "7.5"). */
function checked<T extends Partial<EstimateMemory> | Partial<BorrowMemory>>(values: T): Record<string, string> {
	const kept: Record<string, string> = {};
	for (const [name, value] of Object.entries(values)) {
		if (typeof value !== 'string') continue;
		const check = name.endsWith('Coin') ? checkCoin(value) : name.endsWith('Amount') ? checkAmount(value) : {ok: true as const, value};
		if (check.ok) kept[name] = check.value;
	}
	return kept;
}
