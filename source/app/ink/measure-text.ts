// Ink's ink/build/measure-text.js with a bounded cache (format/frame-cache.ts) and string-width's result computed
// without its allocations on the app's own lines (format/text-width.ts); scripts/build.mjs puts it in place.
import {FrameCache} from '../../format/frame-cache.js';
import {widestLine} from '../../format/text-width.js';

const dimensions = new FrameCache<{width: number; height: number}>(512);
const EMPTY = {width: 0, height: 0};

export default function measureText(text: string): {width: number; height: number} {
	if (text.length === 0) return EMPTY;
	return dimensions.get(text, () => ({width: widestLine(text), height: text.split('\n').length}));
}
