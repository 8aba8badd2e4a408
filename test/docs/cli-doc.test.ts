// docs/cli.md is generated from the command table; this fails when someone changed one without the other.
// UPDATE_DOCS=1 writes the file instead of comparing.
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {COMMAND_SPECS, COMMANDS, OPTION_DOCS} from '../../source/runtime/command-spec.js';
import {cliDoc, REGENERATE} from './cli-doc.js';

const FILE = resolve(import.meta.dirname, '../../docs/cli.md');

describe('docs/cli.md', () => {
	it('is what test/docs/cli-doc.ts renders from source/runtime/command-spec.ts', () => {
		const want = cliDoc();
		if (process.env.UPDATE_DOCS === '1') {
			writeFileSync(FILE, want);
			return;
		}
		const have = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '(docs/cli.md is missing)';
		expect(have, `docs/cli.md is out of date with source/runtime/command-spec.ts; regenerate it with: ${REGENERATE}`).toBe(want);
	});

	it('documents every command, its usage and examples, and every option with its help text', () => {
		const doc = cliDoc();
		for (const name of COMMANDS) {
			expect(doc).toContain(`## ${name}\n`);
			expect(doc).toContain(`loan-tui ${COMMAND_SPECS[name].usage}`);
			for (const example of COMMAND_SPECS[name].examples) expect(doc).toContain(example);
		}
		for (const option of Object.values(OPTION_DOCS)) expect(doc).toContain(option.text.replaceAll('|', '\\|'));
	});

	it("README.md's command table has a line for every command", () => {
		const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
		expect(COMMANDS.filter((name) => !readme.includes(`| \`loan-tui ${name}`))).toEqual([]);
	});
});
