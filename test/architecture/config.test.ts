// Configuration is read once (source/runtime/config.ts): no other file under source/ reads an environment variable
// by name, so each variable has the one policy of docs/configuration.md, and that table names every variable read.
// Read with TypeScript's parser, so `env.X`, `env['X']`, `env[name]`, `process.env`, `const {X} = env` and
// `'X' in env` are all seen, whatever the object holding `env` is called (io.env, options.env).
import {readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {sourceFiles} from '../helpers/source-files.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = join(ROOT, 'source');

/** The files that may read variables: the configuration itself, and the entry that hands process.env to main (and
 * the compile cache's directory to Node before main loads, through runtime/config.ts's readDirectories). */
const ALLOWED = ['runtime/config.ts', 'cli/index.ts'];

/** `env`, or `<anything>.env` (io.env, process.env). */
function isEnvironment(node: ts.Expression): boolean {
	if (ts.isIdentifier(node)) return node.text === 'env';
	return ts.isPropertyAccessExpression(node) && node.name.text === 'env';
}

/** Each place in `text` that reads an environment variable by name, as "line: code". */
export function environmentReads(fileName: string, text: string): string[] {
	const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
	const found: string[] = [];
	const report = (node: ts.Node) => found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText(source)}`);
	const visit = (node: ts.Node): void => {
		// The outermost match is reported (process.env.HOME once, not also its process.env).
		if (
			((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && isEnvironment(node.expression)) ||
			(ts.isPropertyAccessExpression(node) && node.name.text === 'env' && ts.isIdentifier(node.expression) && node.expression.text === 'process') ||
			(ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer !== undefined && isEnvironment(node.initializer)) ||
			(ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword && isEnvironment(node.right))
		) {
			report(node);
			return;
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe('environment variables are read in one place', () => {
	const files = sourceFiles(SOURCE);

	it('no file under source/ but runtime/config.ts and cli/index.ts reads one by name', () => {
		const reads = files
			.filter((file) => !ALLOWED.includes(relative(SOURCE, file)))
			.flatMap((file) => environmentReads(file, readFileSync(file, 'utf8')).map((read) => `${relative(SOURCE, file)}:${read}`));
		expect(reads).toEqual([]);
	});

	it('sees the reads it forbids (the check can fail)', () => {
		const sample = [
			'const a = process.env.HOME;',
			"const b = env['LANG'];",
			'const c = io.env.CI;',
			'const d = options.env[name];',
			'const {TERM} = env;',
			"if ('NO_COLOR' in env) delete env.CI;",
			// Not reads: a configuration's fields, an object merely called environment, the type of an environment.
			'const e = config.noColor + environment.state;',
			'function f(env: NodeJS.ProcessEnv) { return readConfig({}, env); }',
		].join('\n');
		expect(environmentReads('sample.ts', sample)).toEqual([
			'1: process.env.HOME',
			"2: env['LANG']",
			'3: io.env.CI',
			'4: options.env[name]',
			'5: {TERM} = env',
			"6: 'NO_COLOR' in env",
			'6: env.CI',
		]);
		// And in the real tree: the allowed files do read variables, so the first test is not passing by seeing nothing.
		expect(environmentReads('config.ts', readFileSync(join(SOURCE, 'runtime/config.ts'), 'utf8')).length).toBeGreaterThan(10);
		expect(environmentReads('index.ts', readFileSync(join(SOURCE, 'cli/index.ts'), 'utf8'))).toContainEqual(expect.stringContaining('process.env'));
	});

	it('docs/configuration.md has a row for every variable runtime/config.ts reads', () => {
		const config = readFileSync(join(SOURCE, 'runtime/config.ts'), 'utf8');
		const read = [...new Set([...config.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!))].sort();
		expect(read).toEqual(expect.arrayContaining(['LOAN_TUI_RECONCILE_SECONDS', 'NO_COLOR', 'BITGET_API_KEY', 'XDG_STATE_HOME']));
		const docs = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
		const rows = docs.split('\n').filter((line) => line.startsWith('| `'));
		const documented = new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
		expect(read.filter((name) => !documented.has(name))).toEqual([]);
	});
});
