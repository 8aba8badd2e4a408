import {createInterface} from 'node:readline';

/** One line from the terminal; only "y" or "yes" (any case) is a yes. End of input is a no. */
export function askYesNo(question: string, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<boolean> {
	return new Promise((resolve) => {
		const rl = createInterface({input, output, terminal: false});
		let answered = false;
		output.write(question);
		rl.once('line', (line) => {
			answered = true;
			rl.close();
			resolve(/^\s*y(es)?\s*$/i.test(line));
		});
		rl.once('close', () => {
			if (!answered) resolve(false);
		});
	});
}
