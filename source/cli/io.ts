/** The process's streams and arguments, passed in so tests can run the CLI in-process. */
export interface Io {
	argv: string[];
	env: NodeJS.ProcessEnv;
	stdin: NodeJS.ReadableStream & {isTTY?: boolean};
	stdout: NodeJS.WritableStream & {isTTY?: boolean; columns?: number};
	stderr: NodeJS.WritableStream;
}
