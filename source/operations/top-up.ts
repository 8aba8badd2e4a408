// The watch's opt-in top-up (`--top-up-at A --top-up-to T --max-add 0.5BTC,…`): when a read finds a loan's LTV at or
// above A, add the collateral that brings it to T (loans/targets.ts), within what the cap of its pledge coin leaves
// for the last 24 hours across all loans. Every limit is decided from the account's ledger on disk
// (state/top-up-ledger.ts), which is written before each POST and after its outcome, so it holds across restarts,
// crashes, cron's `--once` runs and a second process; the times are this machine's (state/process-identity.ts).
//
// The rules: once per crossing (the LTV must be read below A again before the next top-up of that loan); at most one
// top-up of a loan in 10 minutes; at most the coin's cap in 24 hours, counting every top-up that went through or may
// have; never while a loan's last top-up has an unknown outcome, until a check of the loan's collateral history
// settles it (found: done; nothing found 15 minutes on: not done, still counted toward the cap); a refusal ends the
// crossing, said once, never retried in a loop.
import Big from 'big.js';
import type {BitgetClient} from '../api/client.js';
import type {OngoingLoan, RevisePledgeRequest} from '../api/loan-types.js';
import {collateralToAdd} from '../loans/targets.js';
import {matchOutcome, type SentRequest} from '../loans/evidence.js';
import {checkCollateralChange, plain} from '../loans/ltv.js';
import {elapsedSince, type LocalInstant} from '../state/process-identity.js';
import type {LedgerEntry, TopUpEntry, TopUpLedger, TopUpOutcome} from '../state/top-up-ledger.js';
import {observerFor} from './observe.js';
import type {WatchEvent, WatchRead} from './watch.js';

export interface TopUpPolicy {
	/** The LTV (a fraction) from which collateral is added. */
	at: string;
	/** The LTV (a fraction) the addition aims at, below `at`. */
	to: string;
	/** The most collateral added per pledge coin in 24 hours, across all loans. */
	caps: ReadonlyMap<string, string>;
}

const WINDOW_MS = 24 * 3_600_000;
const SPACING_MS = 10 * 60_000;
/** An unknown outcome of which the loan's history shows nothing this long after is taken as not done. */
const NOT_FOUND_AFTER_MS = 15 * 60_000;

/** Outcomes that count toward the cap and the spacing: all but a refusal. */
const COUNTED: ReadonlySet<TopUpOutcome> = new Set(['sending', 'done', 'found', 'unknown', 'not-done']);
const UNSETTLED: ReadonlySet<TopUpOutcome> = new Set(['sending', 'unknown']);

export type TopUpDecision =
	| {kind: 'below'; rearm: boolean}
	| {kind: 'none'}
	| {kind: 'unsettled'; entry: TopUpEntry}
	| {kind: 'add'; amount: string; capped: boolean; ltvAfter: string}
	| {kind: 'skip'; reason: string};

/** What the ledger says of one loan at the LTV just read: pure, the ledger's records and the time given. */
export function decideTopUp(policy: TopUpPolicy, loan: OngoingLoan, ltv: string, entries: readonly LedgerEntry[], now: LocalInstant): TopUpDecision {
	const own = entries.filter((entry) => entry.orderId === loan.orderId);
	const lastTopUp = own.findLast((entry): entry is TopUpEntry => entry.type === 'top-up');
	const armed = lastTopUp === undefined || own.indexOf(lastTopUp) < own.findLastIndex((entry) => entry.type === 'rearm');
	if (new Big(ltv).lt(policy.at)) return {kind: 'below', rearm: !armed};
	if (lastTopUp && UNSETTLED.has(lastTopUp.outcome)) return {kind: 'unsettled', entry: lastTopUp};
	if (!armed) return {kind: 'none'};
	const counted = entries.filter((entry): entry is TopUpEntry => entry.type === 'top-up' && COUNTED.has(entry.outcome));
	const lastCounted = counted.findLast((entry) => entry.orderId === loan.orderId);
	if (lastCounted && elapsedSince(lastCounted.at, now) < SPACING_MS) return {kind: 'skip', reason: 'the last top-up of this loan was less than 10 minutes ago'};
	const cap = policy.caps.get(loan.pledgeCoin);
	if (cap === undefined) return {kind: 'skip', reason: `--max-add names no cap for ${loan.pledgeCoin}: nothing is added to this loan`};
	const used = counted
		.filter((entry) => entry.coin === loan.pledgeCoin && elapsedSince(entry.at, now) < WINDOW_MS)
		.reduce((sum, entry) => sum.plus(entry.amount), new Big(0));
	const left = new Big(cap).minus(used);
	if (left.lte(0)) return {kind: 'skip', reason: `the ${plain(new Big(cap))} ${loan.pledgeCoin} of --max-add for 24 hours is used up`};
	const wanted = collateralToAdd({...loan, pledgeRate: ltv}, policy.to);
	if (!wanted.ok) return {kind: 'none'};
	const capped = new Big(wanted.amount).gt(left);
	const amount = capped ? plain(left) : wanted.amount;
	// The LTV after the addition, as `loan-tui collateral add` reviews it (loans/ltv.ts).
	const after = checkCollateralChange({...loan, pledgeRate: ltv}, 'add', amount);
	return {kind: 'add', amount, capped, ltvAfter: after.after ?? ltv};
}

/** What one POST did, as the runner needs it. `found`: an unknown outcome its check found done. */
export type SendReport = {status: 'done'; ltvAfter?: string} | {status: 'refused'; reason: string} | {status: 'unknown'; found: boolean; reason: string};

/** What a check of an earlier unsettled top-up found: done, nothing (yet), or nothing to tell. */
export type Settling = 'found' | 'not-found' | 'unclear';

export interface TopUpRunnerOptions {
	policy: TopUpPolicy;
	ledger: TopUpLedger;
	/** Sends one top-up through the money pipeline; undefined: only say what would be added (no --yes). */
	send?: (request: RevisePledgeRequest, loan: OngoingLoan) => Promise<SendReport>;
	/** Checks the loan's history for an earlier top-up whose outcome is unknown. */
	settle: (entry: TopUpEntry, loan: OngoingLoan) => Promise<Settling>;
	/** This machine's clock (the limits'). */
	now: () => LocalInstant;
	/** The server's, for matching its histories only. */
	serverNow: () => number;
	/** True once the watch is stopping: no new top-up starts. */
	stopping: () => boolean;
}

export interface TopUpRunner {
	/** Each loan of the read at or past the trigger gets its decision; every top-up, or why none, is an event. */
	afterRead(read: Extract<WatchRead, {ok: true}>): Promise<WatchEvent[]>;
	/** Top-ups of this run whose outcome stayed unknown. */
	unknownCount(): number;
}

export function createTopUpRunner(options: TopUpRunnerOptions): TopUpRunner {
	const {policy, ledger} = options;
	/** The reason last said per loan, so the same one read after read is said once. */
	const said = new Map<string, string>();
	/** Dry runs are said once per crossing, and never written to disk. */
	const dryRunsSaid = new Set<string>();
	let unknown = 0;

	const settleEarlier = async (entry: TopUpEntry, loan: OngoingLoan): Promise<TopUpOutcome | undefined> => {
		const found = await options.settle(entry, loan).catch((): Settling => 'unclear');
		if (found === 'found') return 'found';
		if (found === 'not-found' && elapsedSince(entry.at, options.now()) >= NOT_FOUND_AFTER_MS) return 'not-done';
		return undefined;
	};

	return {
		async afterRead(read) {
			const events: WatchEvent[] = [];
			let entries = await ledger.read();
			for (const {loan, ltv} of read.loans) {
				if (options.stopping()) break;
				const about = {kind: 'top-up' as const, time: read.time, orderId: loan.orderId, loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, ltv};
				const skip = (reason: string) => {
					if (said.get(loan.orderId) === reason) return;
					said.set(loan.orderId, reason);
					events.push({...about, topUp: {result: 'skipped', reason}});
				};
				let decision = decideTopUp(policy, loan, ltv, entries, options.now());
				if (decision.kind === 'unsettled') {
					const outcome = await settleEarlier(decision.entry, loan);
					if (outcome === undefined) {
						skip(
							'an earlier top-up of this loan has an unknown outcome: nothing more is added until its collateral history shows what happened (loan-tui history --local)',
						);
						continue;
					}
					await ledger.settle(decision.entry, outcome);
					entries = await ledger.read();
					said.delete(loan.orderId);
					const amount = `${decision.entry.amount} ${decision.entry.coin}`;
					events.push({
						...about,
						topUp: {
							result: 'settled',
							amount: decision.entry.amount,
							reason:
								outcome === 'found'
									? `the earlier top-up of ${amount} whose outcome was unknown was found in the loan's history: it counts as done`
									: `nothing of the earlier top-up of ${amount} shows in the loan's history 15 minutes on: taken as not done (it still counts toward --max-add for 24 hours)`,
						},
					});
					decision = decideTopUp(policy, loan, ltv, entries, options.now());
				}
				switch (decision.kind) {
					case 'below':
						said.delete(loan.orderId);
						dryRunsSaid.delete(loan.orderId);
						if (decision.rearm && options.send) {
							await ledger.add({type: 'rearm', orderId: loan.orderId, at: options.now()});
							entries = await ledger.read();
						}
						continue;
					case 'none':
					case 'unsettled':
						continue;
					case 'skip':
						skip(decision.reason);
						continue;
				}
				const {amount, capped} = decision;
				if (!options.send) {
					if (dryRunsSaid.has(loan.orderId)) continue;
					dryRunsSaid.add(loan.orderId);
					events.push({...about, topUp: {result: 'dry-run', amount, capped, ltvBefore: ltv, ltvAfter: decision.ltvAfter}});
					continue;
				}
				// On disk before the POST can leave: a crash from here on leaves "sending", which holds the loan until a
				// check settles it.
				let entry: TopUpEntry;
				try {
					entry = (await ledger.add({
						type: 'top-up',
						orderId: loan.orderId,
						coin: loan.pledgeCoin,
						amount,
						at: options.now(),
						serverSentAt: options.serverNow(),
						outcome: 'sending',
					})) as TopUpEntry;
				} catch (error) {
					skip(`nothing was sent: ${error instanceof Error ? error.message : String(error)}`);
					continue;
				}
				said.delete(loan.orderId);
				const report = await options.send({orderId: loan.orderId, amount, pledgeCoin: loan.pledgeCoin, reviseType: 'IN'}, loan);
				const outcome: TopUpOutcome = report.status === 'done' ? 'done' : report.status === 'refused' ? 'refused' : report.found ? 'found' : 'unknown';
				// If this write fails the record stays "sending": the loan waits for a check, the safe side.
				await ledger.settle(entry, outcome).catch(() => undefined);
				entries = await ledger.read().catch(() => entries);
				const base = {amount, capped, ltvBefore: ltv};
				if (report.status === 'done')
					events.push({...about, topUp: {result: 'done', ...base, ...(report.ltvAfter === undefined ? {} : {ltvAfter: report.ltvAfter})}});
				else if (report.status === 'refused') events.push({...about, topUp: {result: 'refused', ...base, reason: report.reason}});
				else if (report.found)
					events.push({...about, topUp: {result: 'done', ...base, reason: `the answer was lost, and the check found it done: ${report.reason}`}});
				else {
					unknown += 1;
					events.push({...about, topUp: {result: 'unknown', ...base, reason: report.reason}});
				}
			}
			return events;
		},
		unknownCount: () => unknown,
	};
}

/** How long one check of an earlier top-up may read. */
const SETTLE_READ_MS = 15_000;

/** Settles an earlier top-up from the loan's collateral history (loans/evidence.ts weighs it as after a lost answer). */
export function settlerFor(client: BitgetClient): (entry: TopUpEntry, loan: OngoingLoan) => Promise<Settling> {
	return async (entry) => {
		const sent: SentRequest = {
			kind: 'revisePledge',
			request: {orderId: entry.orderId, amount: entry.amount, pledgeCoin: entry.coin, reviseType: 'IN'},
			sentAt: entry.serverSentAt,
			snapshot: {},
		};
		const finding = matchOutcome(sent, await observerFor(client, sent)(AbortSignal.timeout(SETTLE_READ_MS)));
		if (finding.status === 'found' || finding.status === 'ambiguous') return 'found';
		return finding.status === 'not-found' ? 'not-found' : 'unclear';
	};
}
