// The shape of a screen and of the money path, as docs/architecture.md describes it: a screen is a hook, a key table
// and a view, so no function of source/screens or source/app grows past 100 lines; a money POST starts where its key
// is pressed, never in an effect; the watch command only parses and wires (operations/watch-session.ts runs it); and
// ui/fields builds on ui/components, never the other way round. Each rule has a case that shows it can fail.
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SOURCE = join(ROOT, 'source');
const MAX_FUNCTION_LINES = 100;
const MONEY_SENDERS = ['sendMoney', 'runMoneyPost'];

function filesUnder(folder: string): string[] {
	return readdirSync(folder, {recursive: true, withFileTypes: true})
		.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
		.map((entry) => join(entry.parentPath, entry.name));
}

function parse(name: string, text: string): ts.SourceFile {
	return ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
	visit(node);
	ts.forEachChild(node, (child) => walk(child, visit));
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
	ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);

/** "file:line name (N lines)" for every function longer than `limit` lines, first to last line. */
function longFunctions(name: string, text: string, limit = MAX_FUNCTION_LINES): string[] {
	const file = parse(name, text);
	const found: string[] = [];
	walk(file, (node) => {
		if (!isFunction(node)) return;
		const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
		const lines = file.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
		if (lines <= limit) return;
		const named = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : 'function');
		found.push(`${name}:${first + 1} ${named} (${lines} lines)`);
	});
	return found;
}

/** "file:line" for every useEffect or useLayoutEffect whose callback calls a money sender. */
function effectsThatSendMoney(name: string, text: string): string[] {
	const file = parse(name, text);
	const found: string[] = [];
	walk(file, (node) => {
		if (!ts.isCallExpression(node) || !/^use(Layout)?Effect$/.test(node.expression.getText())) return;
		let sends = false;
		walk(node.arguments[0] ?? node, (inner) => {
			if (ts.isCallExpression(inner) && MONEY_SENDERS.includes(inner.expression.getText().split('.').pop()!)) sends = true;
		});
		if (sends) found.push(`${name}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
	});
	return found;
}

const named = (file: string) => relative(ROOT, file);

describe('the shape of screens and of the money path', () => {
	it(`no function in source/screens or source/app is over ${MAX_FUNCTION_LINES} lines (a hook, a key table and a view)`, () => {
		const files = [...filesUnder(join(SOURCE, 'screens')), ...filesUnder(join(SOURCE, 'app'))];
		expect(files.length).toBeGreaterThan(40);
		expect(files.flatMap((file) => longFunctions(named(file), readFileSync(file, 'utf8')))).toEqual([]);
	});

	it('no effect starts a money POST: sendMoney and runMoneyPost are called where a key is pressed or a command runs', () => {
		const files = filesUnder(SOURCE);
		expect(files.flatMap((file) => effectsThatSendMoney(named(file), readFileSync(file, 'utf8')))).toEqual([]);
		// And the confirmation does call it (the check looks where the call is).
		expect(readFileSync(join(SOURCE, 'ui/money/use-money-post.ts'), 'utf8')).toContain('sendMoney(');
	});

	it('the watch command only parses and wires: cli/commands/watch.ts is under 150 lines', () => {
		expect(readFileSync(join(SOURCE, 'cli/commands/watch.ts'), 'utf8').trimEnd().split('\n').length).toBeLessThan(150);
	});

	it('ui/components imports nothing of ui/fields (fields are built on components)', () => {
		const backwards = filesUnder(join(SOURCE, 'ui/components')).filter((file) => /from '\.\.\/fields\//.test(readFileSync(file, 'utf8')));
		expect(backwards.map(named)).toEqual([]);
	});

	it('finds a long function and an effect that sends money (the checks can fail)', () => {
		const body = Array.from({length: MAX_FUNCTION_LINES}, (_, index) => `\tconst line${index} = ${index};`).join('\n');
		expect(longFunctions('long.tsx', `export function Screen() {\n${body}\n}\n`)).toEqual([`long.tsx:1 Screen (${MAX_FUNCTION_LINES + 2} lines)`]);
		expect(longFunctions('short.tsx', `export const Screen = () => {\n${body.split('\n').slice(2).join('\n')}\n};\n`)).toEqual([]);
		const effect = `useEffect(() => {\n\tif (phase === 'posting') void pipeline.sendMoney(intent, deps);\n}, [phase]);\n`;
		expect(effectsThatSendMoney('effect.ts', effect)).toEqual(['effect.ts:1']);
		expect(
			effectsThatSendMoney('handler.ts', `const confirm = () => void sendMoney(intent, deps);\nuseEffect(() => () => lastError.left('x'), []);\n`),
		).toEqual([]);
	});
});
