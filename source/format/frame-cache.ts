/** Remembers what the last few frames used: two generations, the older dropped when the newer fills up.
 *
 * Ink's own text caches (measure-text.js, wrap-text.js) keep every string ever drawn: filtering 100k pairs
 * draws a new set of rows on every keystroke, so they grew the heap for as long as you typed. Bounded this
 * way, the header, footer and unchanged rows still come back from one frame to the next. */
export class FrameCache<V> {
	private current = new Map<string, V>();
	private previous = new Map<string, V>();

	constructor(private readonly generationSize: number) {}

	get(key: string, compute: (key: string) => V): V {
		let value = this.current.get(key);
		if (value !== undefined) return value;
		value = this.previous.get(key) ?? compute(key);
		if (this.current.size >= this.generationSize) {
			this.previous = this.current;
			this.current = new Map();
		}
		this.current.set(key, value);
		return value;
	}
}
