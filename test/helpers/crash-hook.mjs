// Loaded with NODE_OPTIONS=--import into the app under test: an unexpected error (thrown from a timer, uncaught) once
// the app is up and has handled a key, not after a guessed time: the first frame that shows the home menu's marker
// on Estimate (the test presses Down once it has seen the home menu) sets it off.
const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]/g;
const write = process.stdout.write.bind(process.stdout);
let armed = true;
process.stdout.write = (chunk, ...rest) => {
	const written = write(chunk, ...rest);
	if (armed && /❯ Estimate/.test(String(chunk).replace(ANSI, ''))) {
		armed = false;
		if (process.env.CRASH_HOOK_LOOP) {
			// The terminal stops answering (no write completes, so Ink's exit never resolves) and an error comes on every
			// turn of the loop, as when Node's own timers broke: the app must still end.
			process.stdout.write = (text) => write(text);
			const again = () => {
				setTimeout(again, 0);
				throw new Error('injected crash, on every turn');
			};
			setTimeout(again, 0);
			return written;
		}
		setTimeout(() => {
			throw new Error('injected crash \u001B[31mred\u001B[0m');
		}, 0);
	}
	return written;
};
