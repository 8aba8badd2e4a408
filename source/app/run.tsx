import type {ExitCode} from '../cli/exit-codes.js';
import type {Output} from '../cli/output.js';
import type {Settings} from '../cli/settings.js';

export async function runApp(_settings: Settings, out: Output, _env: NodeJS.ProcessEnv): Promise<ExitCode> {
	out.stderr.write('loan-tui: the interactive app is not built yet; use the subcommands (loan-tui --help).\n');
	return 2;
}
