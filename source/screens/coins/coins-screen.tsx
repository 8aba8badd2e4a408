// The Coins screen: what can be borrowed and pledged (coinInfos), as `loan-tui coins` prints it: the official
// hourly rate and APR per period with the min and max amounts, and each pledge coin's LTVs. Scrolls when taller
// than the terminal; Ctrl+R reads again.
import React, {useEffect, useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {loanableTable, pledgeableTable} from '../../format/coin-tables.js';
import {errorLine} from '../../format/describe-error.js';
import {fitTable} from '../../format/table.js';
import {ago} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import type {CoinInfos} from '../../api/loan-types.js';
import {ErrorMessage} from '../../ui/components/error-message.js';
import {Spinner} from '../../ui/components/spinner.js';
import {refreshBinding} from '../../ui/keys/shared-bindings.js';
import {useScreenInput} from '../../ui/keys/screen-input.js';
import {useBodySize} from '../../ui/layout.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import {useStore} from '../../ui/use-store.js';
import {createStore} from '../../services/store.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';

/** Rows around the tables besides the lines that wrap (the title, a failed refresh): the position line. */
const POSITION = 1;

const NONE = createStore<CoinInfoState>({status: 'idle'});

export interface CoinLine {
	text: string;
	/** A section title or a table header: drawn apart from the rows. */
	kind: 'title' | 'header' | 'row' | 'blank';
	/** 0: loanable, 1: pledgeable. */
	section: number;
}

/** Both tables as lines within `columns`: a title (wrapped at whole words), the header, a row per coin; a blank line
 * between them. */
export function coinLines(infos: CoinInfos, columns: number): CoinLine[] {
	const section = (section: number, title: string, table: {columns: {header: string; priority: number}[]; rows: string[][]}): CoinLine[] => {
		const fitted = fitTable(table.columns, table.rows, columns, true);
		const [header = '', ...rows] = fitted.lines;
		const left = table.columns.filter((_, index) => !fitted.kept.includes(index)).map((column) => column.header);
		const note = left.length > 0 ? ` · ${left.join(', ')} left out (a wider terminal shows them)` : '';
		const titles = wrapLines(`${title}${note}`, columns).map((text): CoinLine => ({text, kind: 'title', section}));
		return [...titles, {text: header, kind: 'header', section}, ...rows.map((text): CoinLine => ({text, kind: 'row', section}))];
	};
	return [
		...section(0, `Loanable (${infos.loanInfos.length}) · hourly rate / APR per period`, loanableTable(infos)),
		{text: '', kind: 'blank', section: 0},
		...section(1, `Pledgeable (${infos.pledgeInfos.length}) · LTVs`, pledgeableTable(infos)),
	];
}

export function CoinsScreen() {
	const {coinInfos, theme} = useServices();
	const state = useStore(coinInfos ?? NONE);
	const {columns, rows} = useBodySize();
	const now = useNow();
	const [offset, setOffset] = useState(0);
	useEffect(() => coinInfos?.ensure(), [coinInfos]);

	const infos = state.status === 'ready' ? state.infos : undefined;
	const lines = useMemo(() => (infos ? coinLines(infos, columns) : []), [infos, columns]);
	// The title and a failed refresh wrap at whole words (never cut): the page is what their rows leave.
	const titleText = `Coins · what can be borrowed and pledged${state.status === 'ready' ? ` · updated ${ago(state.at, Math.max(now, state.at))}${state.refreshing ? ' · refreshing…' : ''}` : ''}`;
	const failedText = state.status === 'ready' && state.error !== undefined ? `✗ Refresh failed: ${errorLine(state.error)} (showing the last answer; Ctrl+R to retry)` : undefined;
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const pageSize = Math.max(1, rows - rowsOf(titleText) - rowsOf(failedText) - POSITION);
	/** A section's title and header: they stay on top when scrolled into its table. */
	const headOf = (section: number) => lines.filter((line) => line.section === section && (line.kind === 'title' || line.kind === 'header'));
	const lastHead = headOf(lines.at(-1)?.section ?? 0).length;
	const maxOffset = lines.length > pageSize ? lines.length - Math.max(1, pageSize - lastHead) : 0;
	const top = Math.min(offset, maxOffset);
	const scroll = (to: number) => setOffset(Math.min(Math.max(0, to), maxOffset));
	const scrolls = maxOffset > 0;

	useScreenInput({
		mode: 'navigate',
		// Keys typed before the first answer (a page down) act once the tables show.
		loading: state.status === 'idle' || state.status === 'loading',
		bindings: [
			{keys: ['Up', 'k'], description: 'scroll up', group: 'scroll', footer: 1, when: scrolls, handler: () => scroll(top - 1)},
			{keys: ['Down', 'j'], description: 'scroll down', group: 'scroll', footer: 1, when: scrolls, handler: () => scroll(top + 1)},
			{keys: ['PgUp'], description: 'a page up', group: 'page', footer: 3, when: scrolls, handler: () => scroll(top - pageSize)},
			{keys: ['PgDn', 'Space'], description: 'a page down', group: 'page', footer: 3, when: scrolls, handler: () => scroll(top + pageSize)},
			{keys: ['Home', 'g'], description: 'the top', group: 'top or bottom', when: scrolls, handler: () => scroll(0)},
			{keys: ['End', 'G'], description: 'the bottom', group: 'top or bottom', when: scrolls, handler: () => scroll(maxOffset)},
			refreshBinding(() => coinInfos?.reload(), 'read the coins again', 2),
		],
	});

	const first = lines[top];
	const head = first?.kind === 'row' ? headOf(first.section) : [];
	const sticky = head.length < pageSize ? head : [];
	const shown = [...sticky, ...lines.slice(top, top + pageSize - sticky.length)];
	return (
		<Box flexDirection="column">
			<Text bold color={theme.accent} wrap="wrap">
				Coins · what can be borrowed and pledged
				{state.status === 'ready' ? (
					<Text bold={false} color={undefined} dimColor>
						{' '}· updated {ago(state.at, Math.max(now, state.at))}
						{state.refreshing ? ' · refreshing…' : ''}
					</Text>
				) : null}
			</Text>
			{state.status === 'ready' && state.error !== undefined ? (
				<Text color={theme.bad} wrap="wrap">
					{failedText}
				</Text>
			) : null}
			{state.status === 'error' ? (
				<ErrorMessage error={state.error} color={theme.bad} action="Ctrl+R to retry" />
			) : state.status !== 'ready' ? (
				<Spinner label="Reading the loanable and pledgeable coins…" color={theme.accent} />
			) : (
				<>
					{shown.map((line, i) => (
						<Text key={i} wrap="truncate" bold={line.kind === 'title'} dimColor={line.kind === 'header'}>
							{line.text || ' '}
						</Text>
					))}
					{scrolls ? (
						<Text dimColor wrap="truncate">
							lines {top + 1}-{top + shown.length - sticky.length} of {lines.length}
						</Text>
					) : null}
				</>
			)}
		</Box>
	);
}
