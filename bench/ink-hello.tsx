// The physical limit of drawing anything with Ink: "hello" in the same Ink version, bundled with the app's own
// esbuild options (bench/run.mjs), launched in the same terminal and environment as the app. Ctrl+C ends it.
import React from 'react';
import {render, Text} from 'ink';

render(<Text>hello from Ink</Text>, {exitOnCtrlC: true});
