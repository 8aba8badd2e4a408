// Preloaded into a CLI run with NODE_OPTIONS=--import=<this file> (and so into the keychain helper process it
// spawns), to control what importing @napi-rs/keyring gets:
//   LOAN_TUI_TEST_KEYRING=missing   as if the optional @napi-rs/keyring had not been installed
//   LOAN_TUI_TEST_KEYRING=nobinary  as if it were installed without its per-platform binary package
//   LOAN_TUI_TEST_KEYRING=spy       a module without AsyncEntry that appends a line to $LOAN_TUI_TEST_KEYRING_MARKER
import {register} from 'node:module';

register(new URL('./keyring-hook-loader.mjs', import.meta.url), {data: {mode: process.env.LOAN_TUI_TEST_KEYRING}});
