// The Coins screen's state and actions: the coin list (the coin-info store, read as the screen opens), its two
// tables as lines (coin-lines.ts), the page of them that fits, and scrolling.
import {useEffect, useMemo, useState} from 'react';
import {errorLine} from '../../format/describe-error.js';
import {ago} from '../../format/time.js';
import {wrapLines} from '../../format/wrap.js';
import type {CoinInfoState} from '../../services/coin-info-store.js';
import {createStore} from '../../services/store.js';
import {useBodySize} from '../../ui/layout.js';
import {useServices} from '../../ui/services.js';
import {useNow} from '../../ui/use-now.js';
import {useStore} from '../../ui/use-store.js';
import {coinLines, coinMaxOffset, coinPage} from './coin-lines.js';

/** Rows around the tables besides the lines that wrap (the title, a failed refresh): the position line. */
const POSITION = 1;

const NONE = createStore<CoinInfoState>({status: 'idle'});

export interface CoinsActions {
	/** The first line shown, kept within the lines. */
	scroll(to: number): void;
	/** Ctrl+R: the coins read again. */
	refresh(): void;
}

export function useCoins() {
	const {coinInfos} = useServices();
	const read = useStore(coinInfos ?? NONE);
	const {columns, rows} = useBodySize();
	const now = useNow();
	const [offset, setOffset] = useState(0);
	useEffect(() => coinInfos?.ensure(), [coinInfos]);

	const infos = read.status === 'ready' ? read.infos : undefined;
	const lines = useMemo(() => (infos ? coinLines(infos, columns) : []), [infos, columns]);
	// The title and a failed refresh wrap at whole words (never cut): the page is what their rows leave.
	const updated = read.status === 'ready' ? ` · updated ${ago(read.at, Math.max(now, read.at))}${read.refreshing ? ' · refreshing…' : ''}` : undefined;
	const titleText = `Coins · what can be borrowed and pledged${updated ?? ''}`;
	const failedText =
		read.status === 'ready' && read.error !== undefined ? `✗ Refresh failed: ${errorLine(read.error)} (showing the last answer; Ctrl+R to retry)` : undefined;
	const rowsOf = (text: string | undefined) => (text === undefined ? 0 : wrapLines(text, columns).length);
	const pageSize = Math.max(1, rows - rowsOf(titleText) - rowsOf(failedText) - POSITION);
	const maxOffset = coinMaxOffset(lines, pageSize);
	const top = Math.min(offset, maxOffset);
	const actions: CoinsActions = {
		scroll: (to) => setOffset(Math.min(Math.max(0, to), maxOffset)),
		refresh: () => coinInfos?.reload(),
	};
	const {shown, sticky} = coinPage(lines, top, pageSize);
	return {state: {read, updated, failedText, lines, pageSize, top, maxOffset, scrolls: maxOffset > 0, shown, sticky}, actions};
}
