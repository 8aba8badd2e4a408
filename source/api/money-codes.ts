// Which answers to a money POST (borrow, repay, revise-pledge) prove that nothing was done. Reference Part D.3: only
// a code saying the request was refused before execution is a refusal; the server-trouble codes (and any code not
// known to be a refusal) leave the outcome unknown, whatever the HTTP status, because the server may have acted.

/** Codes that mean "refused before execution": validation, authentication, rate limit, balance and lending limits. */
const REFUSAL_CODES = new Set([
	// Validation (Part B.3 / D.3).
	'400172',
	'40017',
	'40019',
	'40020',
	'40034',
	'40007',
	// Authentication and permissions: 40001–40012 except 40010 (Request timed out), and the key's IP rules.
	'40001',
	'40002',
	'40003',
	'40004',
	'40005',
	'40006',
	'40008',
	'40009',
	'40011',
	'40012',
	'40014',
	'40018',
	'40036',
	'40037',
	'40038',
	// Rate limit: not executed (B.4).
	'429',
	// The account's mode (D.5, E.2): the other family's API refused as sent; and a key without access to it.
	'40084',
	'40085',
	'25245',
	'25620',
	// Balance, and Bitget's lending rules (B.3 lending codes other than 80002 "system error").
	'43012',
	'80001',
	'80003',
	'80004',
	'80005',
	'80006',
	'80007',
	'80008',
	'80009',
	'80010',
	'80011',
	'80012',
	'80013',
	'80014',
	'80015',
	'80020',
]);

/** True when a readable answer with this code proves the money POST was not carried out. */
export function isRefusalCode(code: string): boolean {
	return REFUSAL_CODES.has(code);
}
