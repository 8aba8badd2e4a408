// Ink's ink/build/wrap-text.js with a bounded cache (format/frame-cache.ts); scripts/build.mjs puts it in place.
// One change from Ink: wrapped rows do not begin with the space they broke at (format/wrap.ts).
import cliTruncate from 'cli-truncate';
import {wrapLines} from '../../format/wrap.js';
import {FrameCache} from '../../format/frame-cache.js';

type WrapType = 'wrap' | 'end' | 'middle' | 'truncate-end' | 'truncate' | 'truncate-middle' | 'truncate-start' | undefined;

const wrapped = new FrameCache<string>(512);

export default function wrapText(text: string, maxWidth: number, wrapType: WrapType): string {
	return wrapped.get(`${text}\u0000${maxWidth}\u0000${String(wrapType)}`, () => {
		if (wrapType === 'wrap') return wrapLines(text, maxWidth).join('\n');
		if (wrapType?.startsWith('truncate')) {
			const position = wrapType === 'truncate-middle' ? 'middle' : wrapType === 'truncate-start' ? 'start' : 'end';
			return cliTruncate(text, maxWidth, {position});
		}
		return text;
	});
}
