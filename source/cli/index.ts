import {main} from './main.js';

const code = await main({argv: process.argv.slice(2), env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr});
// Let pending writes (a large table into a pipe) drain instead of cutting them off with process.exit().
process.exitCode = code;
