import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes text as it loads, and jsdom's window has no TextEncoder: import this module
// first in a spec, so Node's are in place before anything that needs them loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
