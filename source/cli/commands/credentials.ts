import type {ParsedArgs} from '../args.js';
import {type ExitCode, UsageError} from '../exit-codes.js';
import type {Io} from '../main.js';
import type {Session} from '../session.js';

export async function runCredentialsCommand(command: 'login' | 'logout' | 'whoami', _session: Session, _values: ParsedArgs['values'], _io: Io): Promise<ExitCode> {
	throw new UsageError(`"${command}" is not available yet`);
}
