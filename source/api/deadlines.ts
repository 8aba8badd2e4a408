// Deadlines, in a module of their own so the command line can read them without loading the client.
export const DEFAULT_GET_TIMEOUT_MS = 10_000;
export const DEFAULT_BORROW_TIMEOUT_MS = 15_000;
