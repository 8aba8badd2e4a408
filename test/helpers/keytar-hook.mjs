// Preloaded into a CLI run with NODE_OPTIONS=--import=<this file> (and so into the keychain helper process it
// spawns), to control what importing keytar gets:
//   LOAN_TUI_TEST_KEYTAR=missing  as if the optional keytar had not been installed
//   LOAN_TUI_TEST_KEYTAR=unbuilt  as if keytar were installed but its native addon had not been built
//   LOAN_TUI_TEST_KEYTAR=spy      a module without functions that appends a line to $LOAN_TUI_TEST_KEYTAR_MARKER
import {register} from 'node:module';

register(new URL('./keytar-hook-loader.mjs', import.meta.url), {data: {mode: process.env.LOAN_TUI_TEST_KEYTAR}});
