import {measureExplorer} from './explorer.js';
const r = await measureExplorer(10000);
console.log(JSON.stringify(r));
