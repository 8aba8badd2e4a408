// Injected faults: a FIFO queue; each request takes the first fault whose operation matches it.
import type {Fault, FaultKind, FaultOperation} from './types.js';

interface Pending {
	kind: FaultKind;
	operation: FaultOperation;
	left: number;
	stallMs: number | undefined;
	release?: Promise<unknown>;
	status?: number;
	body?: string;
}

export interface TakenFault {
	kind: FaultKind;
	stallMs: number | undefined;
	release?: Promise<unknown>;
	status?: number;
	body?: string;
}

export class FaultQueue {
	private queue: Pending[] = [];

	add(fault: Fault): void {
		const times = fault.times ?? 1;
		if (!(times > 0)) return;
		this.queue.push({
			kind: fault.kind,
			operation: fault.operation ?? 'any',
			left: times,
			stallMs: fault.stallMs,
			release: fault.release,
			status: fault.status,
			body: fault.body,
		});
	}

	/** The fault for a request to `operation`, consuming one use of it; undefined when none applies. */
	take(operation: Exclude<FaultOperation, 'any'>): TakenFault | undefined {
		// 'any' means the loan and market endpoints: the account's mode and info (asked by the client before its first
		// loan call) take only the faults that name them.
		const account = operation === 'accountSettings' || operation === 'accountInfo';
		const index = this.queue.findIndex((f) => (f.operation === 'any' && !account) || f.operation === operation);
		const fault = this.queue[index];
		if (fault === undefined) return undefined;
		fault.left--;
		if (fault.left <= 0) this.queue.splice(index, 1);
		return {kind: fault.kind, stallMs: fault.stallMs, release: fault.release, status: fault.status, body: fault.body};
	}

	clear(): void {
		this.queue = [];
	}
}
