// The import graph of source/: no file-level cycles, and the top-level folders in one direction only
// (docs/architecture.md, "Layers"). Imports are read with TypeScript's own pre-processor, so `import type`,
// re-exports and dynamic `import()` all count: a cycle through types is still a cycle for the next person reading
// the code. Two rules of what a folder holds: a screen's folder is that screen's own (what several screens share
// lives in ui/, services/, format/ or loans/, and the routes one screen opens another with in screens/routes.ts),
// and ui/ is React widgets and the keypress layer: no Node built-in, no file of state/ that reads or writes the disk.
import {readFileSync} from 'node:fs';
import {isBuiltin} from 'node:module';
import {dirname, join, relative, resolve} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {sourceFiles} from '../helpers/source-files.js';

const SOURCE = resolve(import.meta.dirname, '../../source');

/** Top to bottom: a folder may import only folders listed after it. Files directly in source/ count as "root". */
export const LAYERS = [
	'cli',
	'app',
	'screens',
	'ui',
	'services',
	'operations',
	'runtime',
	'state',
	'credentials',
	'simulator',
	'format',
	'loans',
	'api',
	'root',
] as const;

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

/** One import of a file: what it names, the source file it resolves to, and whether only types come through it. */
export interface ImportEntry {
	specifier: string;
	target?: string;
	typeOnly: boolean;
}

/** Every file's imports, re-exports and dynamic `import()`s, each marked type-only or not (TypeScript's parser). */
export function importEntries(): Map<string, ImportEntry[]> {
	const files = new Set(sourceFiles(SOURCE));
	const entries = new Map<string, ImportEntry[]>();
	for (const file of files) {
		const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
		const found: ImportEntry[] = [];
		const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
			if (specifier && ts.isStringLiteral(specifier)) found.push({specifier: specifier.text, target: resolveImport(file, specifier.text, files), typeOnly});
		};
		const visit = (node: ts.Node) => {
			if (ts.isImportDeclaration(node)) {
				const clause = node.importClause;
				const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
				const everyNameAType = !clause?.name && named !== undefined && named.length > 0 && named.every((element) => element.isTypeOnly);
				add(node.moduleSpecifier, clause !== undefined && (clause.isTypeOnly || everyNameAType));
			} else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
			else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false);
			ts.forEachChild(node, visit);
		};
		visit(source);
		entries.set(file, found);
	}
	return entries;
}

function layerOf(file: string): string {
	const parts = relative(SOURCE, file).split(/[\\/]/);
	return parts.length === 1 ? 'root' : parts[0]!;
}

const name = (file: string) => relative(SOURCE, file);

/** Imports from a folder to one listed before it in LAYERS (or to a folder LAYERS does not list). */
export function upwardImports(graph: Map<string, string[]>): string[] {
	const upward: string[] = [];
	for (const [from, targets] of graph) {
		for (const to of targets) {
			const a = LAYERS.indexOf(layerOf(from) as (typeof LAYERS)[number]);
			const b = LAYERS.indexOf(layerOf(to) as (typeof LAYERS)[number]);
			if (a < 0 || b < 0) upward.push(`${name(from)} -> ${name(to)} (folder not in LAYERS)`);
			else if (a > b) upward.push(`${name(from)} -> ${name(to)}`);
		}
	}
	return upward;
}

/** The screen folder a file is in ("borrow" for screens/borrow/…); undefined outside screens/<id>/ (screens/routes.ts). */
function screenOf(file: string): string | undefined {
	const parts = name(file).split(/[\\/]/);
	return parts[0] === 'screens' && parts.length > 2 ? parts[1] : undefined;
}

/**
 * Imports of one screen's folder from another screen's folder, or from a shared file directly in screens/ (which
 * every screen may import, so it must know no screen). No exception: a screen opens another through the route
 * constructors of screens/routes.ts, and the registry (app/) is the only place that imports every screen.
 */
export function crossScreenImports(graph: Map<string, string[]>): string[] {
	const crossing: string[] = [];
	for (const [from, targets] of graph) {
		if (layerOf(from) !== 'screens') continue;
		for (const to of targets) {
			const target = screenOf(to);
			if (target !== undefined && target !== screenOf(from)) crossing.push(`${name(from)} -> ${name(to)}`);
		}
	}
	return crossing;
}

/** Node built-ins that reach the disk or other processes. */
const DISK_IO = /^(node:)?(fs|fs\/promises|child_process)$/;

/**
 * ui/ files importing a Node built-in, or a value of a state/ file that does disk I/O (imports fs or child_process,
 * itself or through the files it imports). A type-only import brings no code, so `import type {MoneyJournal}` is
 * allowed: the app's services (app/start-services.ts) open the files, the widgets only use them.
 */
export function uiSystemImports(entries: Map<string, ImportEntry[]>): string[] {
	const diskIo = new Set<string>();
	for (let grew = true; grew;) {
		grew = false;
		for (const [file, imports] of entries) {
			if (diskIo.has(file)) continue;
			if (imports.some((entry) => !entry.typeOnly && (DISK_IO.test(entry.specifier) || (entry.target !== undefined && diskIo.has(entry.target))))) {
				diskIo.add(file);
				grew = true;
			}
		}
	}
	const found: string[] = [];
	for (const [file, imports] of entries) {
		if (layerOf(file) !== 'ui') continue;
		for (const entry of imports) {
			if (isBuiltin(entry.specifier)) found.push(`${name(file)} -> ${entry.specifier}`);
			else if (!entry.typeOnly && entry.target !== undefined && layerOf(entry.target) === 'state' && diskIo.has(entry.target)) {
				found.push(`${name(file)} -> ${name(entry.target)} (disk I/O)`);
			}
		}
	}
	return found;
}

describe('import graph of source/', () => {
	const graph = importGraph();

	it('reads the imports it checks (the app shell imports the screen registry, a screen imports the widgets)', () => {
		expect(graph.size).toBeGreaterThan(50);
		const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => `${layerOf(from)}->${layerOf(to)}`));
		expect(edges).toContain('app->screens');
		expect(edges).toContain('screens->ui');
		expect(edges).toContain('ui->services');
		expect(edges).toContain('cli->runtime');
	});

	it('has no cycle between files', () => {
		expect(cyclesOf(graph).map((cycle) => cycle.map(name).sort())).toEqual([]);
	});

	it('imports only downwards between the top-level folders', () => {
		expect(upwardImports(graph)).toEqual([]);
	});

	it("a screen imports no other screen's folder (shared hooks and forms live in ui/, the routes in screens/routes.ts)", () => {
		expect(crossScreenImports(graph)).toEqual([]);
	});

	it('ui/ imports no Node built-in and nothing of state/ that reads or writes the disk', () => {
		const entries = importEntries();
		// The parser sees what it checks: a Node built-in in state/, a type-only import in ui/.
		expect(entries.get(join(SOURCE, 'state/symbol-cache.ts'))).toContainEqual({specifier: 'node:fs', typeOnly: false});
		expect(entries.get(join(SOURCE, 'ui/services.tsx'))).toContainEqual(expect.objectContaining({specifier: '../state/money-journal.js', typeOnly: true}));
		expect(uiSystemImports(entries)).toEqual([]);
	});

	it('the services and operations layers are framework-free: no React, no Ink, nothing of the terminal', () => {
		const framework: string[] = [];
		for (const file of graph.keys()) {
			if (!['services', 'operations'].includes(layerOf(file))) continue;
			const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
			for (const specifier of imports) if (/^(react|ink)(\/|$)|^ink-/.test(specifier)) framework.push(`${name(file)} -> ${specifier}`);
		}
		expect(framework).toEqual([]);
	});

	it('money POSTs and the check after them go through operations/ only: no command or screen sends one or builds a check by itself', () => {
		const own: string[] = [];
		for (const file of graph.keys()) {
			if (!['cli', 'screens', 'ui', 'services', 'app'].includes(layerOf(file))) continue;
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
		expect(
			cyclesOf(
				new Map([
					[a, [b]],
					[b, [a]],
				]),
			).map((cycle) => cycle.map(name).sort()),
		).toEqual([['ui/a.ts', 'ui/b.ts']]);
		expect(
			cyclesOf(
				new Map([
					[a, [b]],
					[b, []],
				]),
			),
		).toEqual([]);
		// services/ sits below ui/: a store importing a widget is upward, a widget importing a store is not.
		const store = join(SOURCE, 'services/x-store.ts');
		expect(upwardImports(new Map([[store, [a]]]))).toEqual(['services/x-store.ts -> ui/a.ts']);
		expect(upwardImports(new Map([[a, [store]]]))).toEqual([]);
	});

	it("finds a screen importing another screen's folder (the check can fail)", () => {
		const borrow = join(SOURCE, 'screens/borrow/borrow-screen.tsx');
		const borrowReducer = join(SOURCE, 'screens/borrow/reducer.ts');
		const estimateHook = join(SOURCE, 'screens/estimate/use-live-estimate.ts');
		const routes = join(SOURCE, 'screens/routes.ts');
		expect(crossScreenImports(new Map([[borrow, [borrowReducer, estimateHook, routes]]]))).toEqual([
			'screens/borrow/borrow-screen.tsx -> screens/estimate/use-live-estimate.ts',
		]);
		// The shared routes file imports no screen either.
		expect(crossScreenImports(new Map([[routes, [borrowReducer]]]))).toEqual(['screens/routes.ts -> screens/borrow/reducer.ts']);
	});

	it('finds ui/ importing a Node built-in or a state/ file that does disk I/O, through other files too (the check can fail)', () => {
		const widget = join(SOURCE, 'ui/widget.tsx');
		const cache = join(SOURCE, 'state/cache.ts');
		const file = join(SOURCE, 'state/file.ts');
		const paths = join(SOURCE, 'state/paths.ts');
		const entries = new Map<string, ImportEntry[]>([
			[
				widget,
				[
					{specifier: 'node:child_process', typeOnly: false},
					{specifier: 'os', typeOnly: false},
					{specifier: '../state/cache.js', target: cache, typeOnly: false},
					{specifier: '../state/file.js', target: file, typeOnly: true},
					{specifier: '../state/paths.js', target: paths, typeOnly: false},
				],
			],
			[cache, [{specifier: './file.js', target: file, typeOnly: false}]],
			[file, [{specifier: 'node:fs/promises', typeOnly: false}]],
			[paths, [{specifier: 'node:path', typeOnly: false}]],
		]);
		expect(uiSystemImports(entries)).toEqual(['ui/widget.tsx -> node:child_process', 'ui/widget.tsx -> os', 'ui/widget.tsx -> state/cache.ts (disk I/O)']);
	});
});
