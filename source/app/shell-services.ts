// The shell's part of the services (ui/services.tsx ShellServices): what the home menu, the status line and the footer
// draw with. Its own module so that the first frame (app/run.tsx) loads none of the rest: the client, the stores and
// the readers come with create-services.ts, imported after the first frame (start-services.ts).
import type {EarlyReads} from '../api/early-reads.js';
import type {Config} from '../runtime/config.js';
import {createLastError} from '../services/last-error.js';
import type {ShellServices} from '../ui/services.js';
import {makeTheme} from '../ui/theme.js';

/** No client, no I/O, so the first frame need not wait for one. */
export function createShellServices(connectedTo: string, config: Pick<Config, 'noColor'>, earlyReads?: EarlyReads): ShellServices {
	return {connectedTo, theme: makeTheme(config.noColor), lastError: createLastError(), ...(earlyReads ? {earlyReads} : {})};
}
