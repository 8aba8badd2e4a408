// Loaded with --import into the CLI under test: the Nth append to the money record (history.jsonl) never completes,
// as on a disk that hangs, and a marker file says the run got there — a signal "while the record is written".
import {constants, writeFileSync} from 'node:fs';
import fsp from 'node:fs/promises';
import {syncBuiltinESMExports} from 'node:module';

const holdAt = Number(process.env.LOAN_TUI_TEST_HOLD_APPEND);
const marker = process.env.LOAN_TUI_TEST_HOLD_MARKER;
let appends = 0;
const open = fsp.open;
fsp.open = function (path, flags, mode) {
	if (String(path).endsWith('history.jsonl') && typeof flags === 'number' && (flags & constants.O_APPEND) !== 0 && ++appends === holdAt) {
		// A hung write keeps the process alive the way a busy thread pool would.
		setInterval(() => undefined, 1000);
		writeFileSync(marker, 'held');
		return new Promise(() => undefined);
	}
	return open.call(this, path, flags, mode);
};
syncBuiltinESMExports();
