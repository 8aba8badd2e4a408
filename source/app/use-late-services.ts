// The services the shell is given: all at once (tests), or the shell's now and the rest when made (run.tsx).
import {useEffect, useState} from 'react';
import type {AppServices, ShellServices} from '../ui/services.js';

/** The shell's services now, the rest when made: the first frame (the home menu) waits for no client. */
export interface LateServices {
	shell: ShellServices;
	/** Made after the first frame (run.tsx); a rejection is the caller's to report. */
	ready: Promise<AppServices>;
}

/** The shell's services, and the app's once they are made (undefined until then); `late`: they come after the first
 * frame (the running app, run.tsx), not all at once (tests). */
export function useLateServices(given: AppServices | LateServices): {shell: ShellServices; services: AppServices | undefined; late: boolean} {
	const late = 'ready' in given ? given : undefined;
	const shell = late ? late.shell : (given as AppServices);
	const [services, setServices] = useState<AppServices | undefined>(late ? undefined : (given as AppServices));
	// Follows the promise run.tsx resolves once the client and the rest are made.
	useEffect(() => {
		if (!late) return;
		let live = true;
		late.ready.then(
			(made) => live && setServices(made),
			() => undefined,
		);
		return () => {
			live = false;
		};
	}, [late]);
	return {shell, services, late: late !== undefined};
}
