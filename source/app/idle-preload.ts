// When the other screens' code loads: at the first pause once the app has what its top screen needs. Compiling it
// (~100 ms of chunks) beside the symbol list's parse slowed a 100k-pair list by more than that, and beside the
// explorer's first keystrokes it made them miss their frame (bench/explorer.ts). A screen opened before then loads
// its own code on the way (lazy-view.tsx), so waiting costs nothing but that screen's ~30 ms.

/** No key for this long is a pause. */
const PAUSE_MS = 1000;

export interface IdlePreloadOptions {
	/** Whether the symbol list is loading now, and a promise that settles when no load is in flight. */
	listLoading(): boolean;
	listSettled(): Promise<void>;
	/** When the last key came (the `now` clock), or undefined when none has. */
	lastKeyAt(): number | undefined;
	preload(): Promise<void>;
	now?: () => number;
	pauseMs?: number;
}

/** Starts waiting for the first pause; returns a cancel. The preload runs at most once. */
export function preloadWhenIdle(options: IdlePreloadOptions): () => void {
	const {now = () => performance.now(), pauseMs = PAUSE_MS} = options;
	let live = true;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const attempt = () => {
		timer = undefined;
		if (!live) return;
		if (options.listLoading()) {
			void options.listSettled().then(() => wait(pauseMs));
			return;
		}
		const last = options.lastKeyAt();
		const quiet = last === undefined ? pauseMs : now() - last;
		if (quiet < pauseMs) return wait(pauseMs - quiet);
		live = false;
		void options.preload().catch(() => undefined); // a screen that fails to load says so when it is opened
	};
	const wait = (ms: number) => {
		if (live) timer = setTimeout(attempt, ms);
	};
	wait(pauseMs);
	return () => {
		live = false;
		if (timer !== undefined) clearTimeout(timer);
	};
}
