// Preloaded into the built CLI (node --import): at exit, writes the process's peak resident set size (VmHWM, in
// bytes) to the file named by PEAK_RSS_REPORT.
import {readFileSync, writeFileSync} from 'node:fs';

process.on('exit', () => {
	const status = readFileSync('/proc/self/status', 'utf8');
	const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
	writeFileSync(process.env.PEAK_RSS_REPORT, JSON.stringify({peakRssBytes: kib * 1024}));
});
