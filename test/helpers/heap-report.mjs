// Preloaded into the built app by test/cli/v8-memory.test.ts: at exit, writes the largest size V8's young
// generation (new space) reached to the file named by HEAP_REPORT.
import {writeFileSync} from 'node:fs';
import {getHeapSpaceStatistics} from 'node:v8';

let largest = 0;
const sample = () => {
	const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
	largest = Math.max(largest, newSpace?.space_size ?? 0);
};
setInterval(sample, 5).unref();
process.on('exit', () => {
	sample();
	writeFileSync(process.env.HEAP_REPORT, JSON.stringify({newSpaceBytes: largest}));
});
