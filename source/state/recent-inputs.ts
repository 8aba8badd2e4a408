// The last coins, period and amounts a person entered, kept across runs so Estimate and Borrow open where they
// left off, and the loan detail's safety margin and target LTV. Only these named fields are ever written (never
// credentials, never anything else), each checked on the way in and out: a hand-edited or damaged file yields
// defaults, not an error; one that is too large or not a regular file is not read (state/bounded-file.ts), and the
// defaults carry a note saying why.
import {join} from 'node:path';
import * as v from 'valibot';
import {readPrivateFile, writePrivateFile} from './private-file.js';

const coin = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/));
const amount = v.pipe(v.string(), v.regex(/^\d{0,30}(\.\d{0,30})?$/));
const period = v.picklist(['SEVEN', 'THIRTY', 'FLEXIBLE']);

const estimateInputs = v.object({
	loanCoin: v.optional(coin),
	pledgeCoin: v.optional(coin),
	daily: v.optional(period),
	amountMode: v.optional(v.picklist(['pledge', 'loan'])),
	pledgeAmount: v.optional(amount),
	loanAmount: v.optional(amount),
});

const borrowInputs = v.object({
	loanCoin: v.optional(coin),
	pledgeCoin: v.optional(coin),
	daily: v.optional(period),
	amountMode: v.optional(v.picklist(['pledge', 'loan'])),
	pledgeAmount: v.optional(amount),
	loanAmount: v.optional(amount),
});

/** Fractions ("0.05", "0.6"): the loan detail's safety margin below the margin call, and the LTV "add" aims at. */
const fraction = v.pipe(v.string(), v.regex(/^0(\.\d{1,8})?$/));
const loanTargetInputs = v.object({
	safetyMargin: v.optional(fraction),
	targetLtv: v.optional(fraction),
});

const fileSchema = v.object({
	version: v.literal(1),
	estimate: v.optional(v.fallback(estimateInputs, {})),
	borrow: v.optional(v.fallback(borrowInputs, {})),
	loanTargets: v.optional(v.fallback(loanTargetInputs, {})),
});

type EstimateInputs = v.InferOutput<typeof estimateInputs>;
type BorrowInputs = v.InferOutput<typeof borrowInputs>;
type LoanTargetInputs = v.InferOutput<typeof loanTargetInputs>;
export interface RecentInputs {
	estimate: EstimateInputs;
	borrow: BorrowInputs;
	loanTargets?: LoanTargetInputs;
	/** Why the file was not read (too large, not a regular file, a symlink): the defaults are used instead. */
	note?: string;
}

export const NO_RECENT_INPUTS: RecentInputs = {estimate: {}, borrow: {}};

export interface RecentInputsStore {
	load(): Promise<RecentInputs>;
	save(inputs: RecentInputs): Promise<void>;
}

/** settings.json in loan-tui's config directory (runtime/config.ts). */
export function recentInputsFile(configDirectory: string): string {
	return join(configDirectory, 'settings.json');
}

export function fileRecentInputs(path: string): RecentInputsStore {
	return {
		async load() {
			const file = await readPrivateFile(path);
			if (file.status === 'missing') return NO_RECENT_INPUTS;
			if (file.status === 'refused') return {...NO_RECENT_INPUTS, note: file.message};
			let json: unknown;
			try {
				json = JSON.parse(file.text);
			} catch {
				return NO_RECENT_INPUTS;
			}
			const parsed = v.safeParse(fileSchema, json);
			if (!parsed.success) return NO_RECENT_INPUTS;
			const {estimate = {}, borrow = {}, loanTargets} = parsed.output;
			return {estimate, borrow, ...(loanTargets ? {loanTargets} : {})};
		},
		async save(inputs) {
			// Whatever the caller passed, only the known fields that pass their check reach the disk.
			const loanTargets = validFields(loanTargetInputs, inputs.loanTargets ?? {});
			const checked = {
				version: 1,
				estimate: validFields(estimateInputs, inputs.estimate),
				borrow: validFields(borrowInputs, inputs.borrow),
				...(Object.keys(loanTargets).length > 0 ? {loanTargets} : {}),
			};
			await writePrivateFile(path, `${JSON.stringify(checked, null, 2)}\n`);
		},
	};
}

/** The fields of `input` that the object schema knows and accepts; the rest (a half-typed amount) is dropped. */
function validFields<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: S, input: object): v.InferOutput<S> {
	const kept: Record<string, unknown> = {};
	for (const [name, entry] of Object.entries(schema.entries)) {
		const value = (input as Record<string, unknown>)[name];
		if (value !== undefined && v.safeParse(entry, value).success) kept[name] = value;
	}
	return kept as v.InferOutput<S>;
}
