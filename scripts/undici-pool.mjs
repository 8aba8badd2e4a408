// What the app takes from undici: one Pool and the request() that undici's index puts on every dispatcher. The
// bundle takes just these instead of undici's index, which also loads fetch, WebSocket, EventSource, the cache
// stores and the mocks (half a megabyte to compile), and whose loading touches the global fetch classes, waking
// Node's own copy of undici as well: together ~80 ms of the app's start-up. scripts/build.mjs redirects `undici`
// here; test/cli/lean-entry.test.ts checks that the bundle holds no more of undici.
import Dispatcher from '../node_modules/undici/lib/dispatcher/dispatcher.js';
import Pool from '../node_modules/undici/lib/dispatcher/pool.js';
import api from '../node_modules/undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

export {Pool};
