// A key sequence through a screen's key table (source/ui/keys/binding.ts), as the keypress layer hands it over: the
// `*-keys` tests use it to press keys without rendering.
import {dispatchKey, type Binding} from '../../source/ui/keys/binding.js';
import {parseKey} from '../../source/ui/keys/parse-key.js';

/** True when a row of `rows` took the key. */
export function pressIn(rows: readonly Binding[], sequence: string): boolean {
	const {input, key} = parseKey(sequence);
	return dispatchKey(rows, input, key);
}
