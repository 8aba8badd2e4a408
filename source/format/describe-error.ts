// How a failure reads on screen: what happened, the server's code and msg when present, what to do next.
import {ApiError, LoanTuiError, OutcomeUnknownError} from '../api/errors.js';
import {sanitize} from './sanitize.js';

export interface ErrorView {
	title: string;
	detail?: string;
	hint?: string;
}

export function describeError(error: unknown): ErrorView {
	if (error instanceof ApiError) {
		return {
			title: 'The server refused the request',
			detail: `${sanitize(error.code)} ${sanitize(error.serverMessage)}`.trim() + ` (HTTP ${error.httpStatus})`,
			hint: error.hint,
		};
	}
	if (error instanceof OutcomeUnknownError) {
		// `what` keeps an order id the server claimed ("the server said order X was created, but answered HTTP 409").
		return {title: `Outcome unknown — ${error.subject}`, detail: sanitize(error.what), hint: error.hint};
	}
	if (error instanceof LoanTuiError) return {title: capitalise(sanitize(error.message)), hint: error.hint};
	if (error instanceof Error) return {title: capitalise(sanitize(error.message)), hint: (error as {hint?: string}).hint};
	return {title: sanitize(String(error))};
}

/** One line for the status bar. */
export function errorLine(error: unknown): string {
	const view = describeError(error);
	return view.detail ? `${view.title}: ${view.detail}` : view.title;
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
