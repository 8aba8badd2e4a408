// The widest-line package as Ink's renderer imports it, without string-width's allocations on the app's own
// lines (text-width.ts); scripts/build.mjs puts it in place for Ink's modules.
export {widestLine as default} from './text-width.js';
