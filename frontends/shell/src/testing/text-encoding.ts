import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes text as it loads, and jsdom's window has no TextEncoder: Node's, in place
// before it loads (import this module first in a spec).
Object.assign(globalThis, { TextEncoder, TextDecoder });
