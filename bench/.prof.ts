import {startSimulator, BUILT_IN_SYMBOLS} from '../source/simulator/index.js';
import {CLI, Pty} from './pty.js';
const sim = await startSimulator({extraSymbols: 10000 - BUILT_IN_SYMBOLS.length, rateLimits: false});
const pty = new Pty(`${process.execPath} --cpu-prof --cpu-prof-dir=/tmp/prof2 /tmp/cli-dev/cli.js --base-url ${sim.url}`, {XDG_CACHE_HOME: '/tmp/benchcache'});
await pty.waitFor((t) => t.includes('? this help'));
pty.write('\r');
await pty.waitFor((t) => t.includes('10000 of 10000 pairs'));
for (let r = 0; r < 5; r++) for (const q of ['x001', 'usdt', 'eth']) {
	for (const ch of q) { pty.write(ch); await new Promise((res) => setTimeout(res, 60)); }
	for (const _ of q) { pty.write('\u007F'); await new Promise((res) => setTimeout(res, 60)); }
}
await pty.quit();
await sim.close();
