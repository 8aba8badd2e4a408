// Server text is untrusted: control characters (ESC, BEL, C1, bidi overrides) could drive the terminal.
// Replace them before anything reaches a screen or a stream a terminal may show.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function sanitize(text: string): string {
	return text.replace(UNSAFE, '\uFFFD');
}
