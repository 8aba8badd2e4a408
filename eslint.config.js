// ESLint (flat config): TypeScript's recommended rules and React's rules of hooks over the source, tests, bench
// and scripts. `npm run lint`; .ci/run runs it after the typecheck.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Every eslint-disable comment says why, on the same line: `// eslint-disable-line rule -- why`. */
const disableNeedsReason = {
	meta: {type: 'suggestion', schema: [], messages: {reason: 'say why on the same line: "eslint-disable… rule -- reason"'}},
	create(context) {
		return {
			Program() {
				for (const comment of context.sourceCode.getAllComments()) {
					const text = comment.value.trim();
					if (/^eslint-disable/.test(text) && !/\s--\s+\S/.test(text)) context.report({loc: comment.loc, messageId: 'reason'});
				}
			},
		};
	},
};

export default tseslint.config(
	{ignores: ['dist/**', 'node_modules/**', 'coverage/**']},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: {'react-hooks': reactHooks},
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'error',
		},
	},
	{
		files: ['**/*.{mjs,js}'],
		languageOptions: {
			globals: {
				process: 'readonly',
				console: 'readonly',
				Buffer: 'readonly',
				URL: 'readonly',
				setTimeout: 'readonly',
				clearTimeout: 'readonly',
				setInterval: 'readonly',
				setImmediate: 'readonly',
			},
		},
	},
	{
		linterOptions: {reportUnusedDisableDirectives: 'error'},
		plugins: {local: {rules: {'disable-needs-reason': disableNeedsReason}}},
		rules: {
			'local/disable-needs-reason': 'error',
			'@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
			// A terminal app matches escape sequences and control bytes on purpose, in many places.
			'no-control-regex': 'off',
		},
	},
);
