// The tokens module as other modules use it: a device login issues a personal access token.
export { insertToken } from './repository';
