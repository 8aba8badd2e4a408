// Loaded with NODE_OPTIONS=--import into the app under test: an unexpected error after the app is up.
setTimeout(() => {
	throw new Error('injected crash \u001B[31mred\u001B[0m');
}, Number(process.env.LOAN_TUI_TEST_CRASH_AFTER_MS ?? 800));
