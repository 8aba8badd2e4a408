// The widest-line package as Ink's renderer imports it, without string-width's allocations on the app's own
// lines (format/text-width.ts); scripts/build.mjs puts it in place for Ink's modules.
export {widestLine as default} from '../../format/text-width.js';
