import { TextDecoder, TextEncoder } from 'node:util';

// What jsdom's window lacks, in place before anything that needs it loads (import this module first
// in a spec). react-router encodes text as it loads: Node's TextEncoder and TextDecoder.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd's form fields schedule work through MessageChannel: one that delivers on the next macrotask,
// as the browser's does (and leaves no handle open, unlike Node's).
globalThis.MessageChannel ??= class {
  readonly port1 = { onmessage: null as ((event: { data: unknown }) => void) | null };
  readonly port2 = {
    postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
  };
} as unknown as typeof MessageChannel;

// antd's dialogs measure the scrollbar through getComputedStyle(element, '::-webkit-scrollbar'),
// which jsdom does not implement (and logs): answer the element's own style.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);
