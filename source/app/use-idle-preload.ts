// The other screens' code, loaded at the first pause once the services are made (idle-preload.ts).
import {useEffect, type MutableRefObject} from 'react';
import type {AppServices} from '../ui/services.js';
import {preloadWhenIdle} from './idle-preload.js';
import {preloadScreens} from './registry.js';

/** `enabled`: only the running app (run.tsx) preloads; `lastKeyAt` is set by the shell for every key and paste. */
export function useIdlePreload(services: AppServices | undefined, enabled: boolean, lastKeyAt: MutableRefObject<number | undefined>): void {
	useEffect(() => {
		if (!enabled || !services) return;
		return preloadWhenIdle({
			listLoading: () => services.symbols.get().status === 'loading',
			listSettled: () => services.symbols.settled(),
			lastKeyAt: () => lastKeyAt.current,
			preload: preloadScreens,
		});
	}, [services, enabled, lastKeyAt]);
}
