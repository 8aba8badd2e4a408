// Loaded with NODE_OPTIONS=--import into the app under test (test/terminal/first-frame-fetch.test.ts): whether Node's
// own fetch (its bundled undici) was loaded when the home menu's first frame was written, and whether the global fetch
// is there again when the app exits. Written to FETCH_HOOK_OUT.
import {appendFileSync} from 'node:fs';

const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]/g;
const NODE_FETCH = 'internal/deps/undici/undici';
const out = process.env.FETCH_HOOK_OUT;
const record = (line) => appendFileSync(out, `${JSON.stringify(line)}\n`);
const write = process.stdout.write.bind(process.stdout);
let seen = false;
process.stdout.write = (chunk, ...rest) => {
	if (!seen && String(chunk).replace(ANSI, '').includes('? this help')) {
		seen = true;
		record({firstFrame: true, nodeFetchLoaded: process.moduleLoadList.some((name) => name.includes(NODE_FETCH))});
	}
	return write(chunk, ...rest);
};
process.on('exit', () => record({exit: true, globalFetch: typeof globalThis.fetch}));
