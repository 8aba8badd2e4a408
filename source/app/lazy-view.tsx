// A screen's view loaded on first use: the home path loads only the shell and the home menu, and every other
// screen's chunk (esbuild splits each dynamic import) is preloaded at the first pause (idle-preload.ts). The shell holds
// keys while a view is still loading (use-app-shell.ts), so a burst that opens a screen and types into it loses nothing.
import type {ReactElement} from 'react';

export interface LazyView<R> {
	(route: R): ReactElement;
	/** True once the module is loaded: the view then renders at once. */
	loaded(): boolean;
	/** Loads the module (once; later calls share the first load). */
	load(): Promise<void>;
}

export function lazyView<M, R>(importModule: () => Promise<M>, render: (module: M, route: R) => ReactElement): LazyView<R> {
	let module: M | undefined;
	let loading: Promise<void> | undefined;
	const view = (route: R) => {
		if (module === undefined) throw new Error('lazyView: rendered before its module loaded');
		return render(module, route);
	};
	view.loaded = () => module !== undefined;
	view.load = () => {
		loading ??= importModule().then(
			(loaded) => {
				module = loaded;
			},
			(error: unknown) => {
				// A failed load may be tried again (the next time the screen is opened).
				loading = undefined;
				throw error;
			},
		);
		return loading;
	};
	return view;
}

/** Whether a view can render now (an eager view always can). */
export function viewLoaded(view: unknown): boolean {
	const lazy = view as Partial<LazyView<unknown>>;
	return typeof lazy.loaded !== 'function' || lazy.loaded();
}

/** Loads a lazy view's module; an eager view is ready already. */
export function loadView(view: unknown): Promise<void> {
	const lazy = view as Partial<LazyView<unknown>>;
	return typeof lazy.load === 'function' ? lazy.load() : Promise.resolve();
}
