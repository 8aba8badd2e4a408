// The docs point only at what exists: every relative markdown link in README.md and docs/ names an existing file
// (and, with a #fragment, a heading of it), every repository path written in backticks exists, and README.md
// stays short enough to read (the rest belongs in docs/).
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

function markdownFiles(): string[] {
	const docs = join(ROOT, 'docs');
	return [
		join(ROOT, 'README.md'),
		...readdirSync(docs)
			.filter((name) => name.endsWith('.md'))
			.map((name) => join(docs, name)),
	];
}

/** The text outside fenced code blocks (links and paths there are examples, not references). */
function prose(text: string): string {
	return text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const base = slug(match[1]!);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

interface Link {
	file: string;
	target: string;
}

function relativeLinks(): Link[] {
	const links: Link[] = [];
	for (const file of markdownFiles()) {
		for (const match of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
			const target = match[1]!;
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
			links.push({file, target});
		}
	}
	return links;
}

const name = (file: string) => relative(ROOT, file);

describe('README.md and docs/', () => {
	it(`README.md has at most ${README_MAX_LINES} lines`, () => {
		const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
		expect(lines, 'README.md is for users; move detail to docs/').toBeLessThanOrEqual(README_MAX_LINES);
	});

	it('every relative link points to an existing file, and a #fragment to one of its headings', () => {
		const links = relativeLinks();
		expect(links.length).toBeGreaterThan(10);
		const broken: string[] = [];
		for (const {file, target} of links) {
			const [path, fragment] = target.split('#') as [string, string | undefined];
			const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
			if (!existsSync(resolved)) {
				broken.push(`${name(file)}: ${target} (no such file)`);
				continue;
			}
			if (fragment !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
				broken.push(`${name(file)}: ${target} (no such heading in ${name(resolved)})`);
			}
		}
		expect(broken).toEqual([]);
	});

	it('every repository path written in backticks exists', () => {
		const missing: string[] = [];
		for (const file of markdownFiles()) {
			for (const match of prose(readFileSync(file, 'utf8')).matchAll(/`((?:source|test|scripts|bench|docs|\.ci)\/[\w./-]*)`/g)) {
				const path = match[1]!;
				if (!existsSync(join(ROOT, path))) missing.push(`${name(file)}: ${path}`);
				else if (path.endsWith('/') && !statSync(join(ROOT, path)).isDirectory()) missing.push(`${name(file)}: ${path} (not a folder)`);
			}
		}
		expect(missing).toEqual([]);
	});
});
