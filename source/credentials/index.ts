// The credentials layer: where credentials come from (environment, then the OS keychain), behind one interface.
export {CREDENTIAL_VARIABLES, credentialsFromEnvironment, type EnvironmentCredentials} from './environment.js';
export {KeychainUnavailableError} from './keychain-errors.js';
export {KEYCHAIN_SERVICE, openKeychain, type KeychainOptions, type KeytarApi} from './keychain.js';
export {resolveCredentials, type ResolveOptions} from './resolve.js';
export {KEYCHAIN_TIMEOUT_MS, timeBoundStore, withTimeout} from './timeout.js';
export {CredentialsError, DEFAULT_PROFILE, maskKey, type CredentialSource, type CredentialStore, type ResolvedCredentials} from './types.js';
