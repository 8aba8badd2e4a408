declare const __LOAN_TUI_VERSION__: string | undefined;

/** Injected by the bundler; "dev" when running from source. */
export const VERSION: string = typeof __LOAN_TUI_VERSION__ === 'string' ? __LOAN_TUI_VERSION__ : 'dev';
