// Colours, or none at all under NO_COLOR (chalk ignores it, so the app must). Nothing is shown by colour alone:
// status is also a word and the selection also a marker.
import type {RiskLevel} from '../loans/risk.js';

export interface Theme {
	accent?: string;
	good?: string;
	warn?: string;
	bad?: string;
	muted?: string;
	match?: string;
	noColor: boolean;
}

/** `noColor`: NO_COLOR is set (runtime/config.ts). */
export function makeTheme(noColor: boolean): Theme {
	if (noColor) return {noColor: true};
	return {accent: 'cyan', good: 'green', warn: 'yellow', bad: 'red', muted: 'gray', match: 'magenta', noColor: false};
}

export function statusColor(theme: Theme, status: string | undefined): string | undefined {
	if (status === 'online') return theme.good;
	if (status === 'gray') return theme.warn;
	if (status === 'halt' || status === 'offline') return theme.bad;
	return theme.muted;
}

/** A loan's risk (loans/risk.ts), beside its symbol and word: none when ok, warn at warn, bad from the margin call. */
export function riskColor(theme: Theme, level: RiskLevel): string | undefined {
	return level === 'ok' ? undefined : level === 'warn' ? theme.warn : theme.bad;
}
