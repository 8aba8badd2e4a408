// The end-to-end tests run the built bundle, so build it once before any test (a fast esbuild call).
// @ts-expect-error plain ESM build script without types
import {buildCli} from '../scripts/build.mjs';

export default async function setup(): Promise<void> {
	await buildCli({quiet: true});
}
