// The import graph of source/: no file-level cycles, and the top-level folders in one direction only (README,
// "Architecture"). Imports are read with TypeScript's own pre-processor, so `import type`, re-exports and dynamic
// `import()` all count: a cycle through types is still a cycle for the next person reading the code.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const SOURCE = resolve(import.meta.dirname, '../../source');

/** Top to bottom: a folder may import only folders listed after it. Files directly in source/ count as "root". */
export const LAYERS = ['cli', 'app', 'screens', 'ui', 'operations', 'runtime', 'state', 'credentials', 'simulator', 'format', 'loans', 'api', 'root'] as const;

function sourceFiles(dir: string, out: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) sourceFiles(path, out);
		else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
	}
	return out;
}

function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = resolve(dirname(from), specifier).replace(/\.(js|mjs|jsx)$/, '');
	return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
}

export function importGraph(): Map<string, string[]> {
	const files = new Set(sourceFiles(SOURCE));
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
		const targets = info.importedFiles.map((entry) => resolveImport(file, entry.fileName, files)).filter((target): target is string => target !== undefined);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	const visit = (node: string) => {
		index.set(node, next);
		low.set(node, next);
		next += 1;
		stack.push(node);
		onStack.add(node);
		for (const target of graph.get(node) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(node, Math.min(low.get(node)!, low.get(target)!));
			} else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
		}
		if (low.get(node) !== index.get(node)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== node);
		if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component);
	};
	for (const node of graph.keys()) if (!index.has(node)) visit(node);
	return cycles;
}

function layerOf(file: string): string {
	const parts = relative(SOURCE, file).split(/[\\/]/);
	return parts.length === 1 ? 'root' : parts[0]!;
}

const name = (file: string) => relative(SOURCE, file);

describe('import graph of source/', () => {
	const graph = importGraph();

	it('reads the imports it checks (the app shell imports the screen registry, a screen imports the widgets)', () => {
		expect(graph.size).toBeGreaterThan(50);
		const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => `${layerOf(from)}->${layerOf(to)}`));
		expect(edges).toContain('app->screens');
		expect(edges).toContain('screens->ui');
		expect(edges).toContain('cli->runtime');
	});

	it('has no cycle between files', () => {
		expect(cyclesOf(graph).map((cycle) => cycle.map(name).sort())).toEqual([]);
	});

	it('imports only downwards between the top-level folders', () => {
		const upward: string[] = [];
		for (const [from, targets] of graph) {
			for (const to of targets) {
				const a = LAYERS.indexOf(layerOf(from) as (typeof LAYERS)[number]);
				const b = LAYERS.indexOf(layerOf(to) as (typeof LAYERS)[number]);
				if (a < 0 || b < 0) upward.push(`${name(from)} -> ${name(to)} (folder not in LAYERS)`);
				else if (a > b) upward.push(`${name(from)} -> ${name(to)}`);
			}
		}
		expect(upward).toEqual([]);
	});

	it('the operations layer is framework-free: no React, no Ink, nothing of the terminal', () => {
		const framework: string[] = [];
		for (const file of graph.keys()) {
			if (layerOf(file) !== 'operations') continue;
			const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
			for (const specifier of imports) if (/^(react|ink)(\/|$)|^ink-/.test(specifier)) framework.push(`${name(file)} -> ${specifier}`);
		}
		expect(framework).toEqual([]);
	});

	it('money POSTs and the check after them go through operations/ only: no command or screen sends one or builds a check by itself', () => {
		const own: string[] = [];
		for (const file of graph.keys()) {
			if (!['cli', 'screens', 'ui', 'app'].includes(layerOf(file))) continue;
			const text = readFileSync(file, 'utf8');
			// The client's three money calls, and the check's inputs (loans/evidence.ts).
			for (const pattern of [/\bclient\.(borrow|repay|revisePledge)\(/, /\bmatchOutcome\b|\bcheckOutcome\b|\bobserverFor\b|\btakeSnapshot\b/]) {
				if (pattern.test(text)) own.push(`${name(file)}: ${pattern.exec(text)![0]}`);
			}
			for (const target of graph.get(file) ?? []) if (name(target) === 'loans/evidence.ts') own.push(`${name(file)} imports loans/evidence.ts`);
		}
		expect(own).toEqual([]);
		// Both adapters call the one pipeline.
		const callers = [...graph].filter(([, targets]) => targets.some((target) => name(target) === 'operations/money-pipeline.ts')).map(([file]) => name(file));
		expect(callers).toEqual(expect.arrayContaining(['cli/money-command.ts', 'ui/money/use-money-post.ts']));
	});

	it('finds a cycle and an upward import when there is one (the check can fail)', () => {
		const a = join(SOURCE, 'ui/a.ts');
		const b = join(SOURCE, 'ui/b.ts');
		expect(cyclesOf(new Map([[a, [b]], [b, [a]]])).map((cycle) => cycle.map(name).sort())).toEqual([['ui/a.ts', 'ui/b.ts']]);
		expect(cyclesOf(new Map([[a, [b]], [b, []]]))).toEqual([]);
	});
});
