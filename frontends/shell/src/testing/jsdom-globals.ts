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

// antd's Select list and Table watch sizes with ResizeObserver: one that never reports.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** nwsapi's cache of compiled selectors, as jsdom's instances of it expose it. */
interface SelectorCache {
  get(selector: string): unknown;
  set(selector: string, resolver: unknown): unknown;
  has(selector: string): boolean;
  clear(): void;
  size(): number;
}

/**
 * jsdom's getComputedStyle matches every rule of every style sheet against the element with nwsapi,
 * which keeps the selectors it compiled in a least-recently-used cache of 1,000; antd's CSS-in-JS puts
 * over 2,000 rules in the document, so every match compiles its selector anew and each role query
 * takes seconds. This keeps every selector compiled: the same answers, several times faster (the
 * admin app's testing/dom.ts does the same). It reaches into jsdom's internals; should they change,
 * it does nothing and the tests only run slower.
 */
function keepCompiledSelectors(): void {
  // jsdom makes its two nwsapi instances on first use: by matches() and by getComputedStyle().
  document.documentElement.matches('*');
  window.getComputedStyle(document.documentElement);
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const internals = impl && (document as unknown as Record<symbol, Record<string, unknown> | undefined>)[impl];
  for (const instance of [internals?._nwsapi, internals?._nwsapiDontThrow]) {
    const cache = (instance as { matchResolvers?: SelectorCache } | undefined)?.matchResolvers;
    if (typeof cache?.get !== 'function' || typeof cache.set !== 'function') continue;
    const resolvers = new Map<string, unknown>();
    Object.assign(cache, {
      get: (selector: string) => resolvers.get(selector),
      set: (selector: string, resolver: unknown) => (resolvers.set(selector, resolver), resolver),
      has: (selector: string) => resolvers.has(selector),
      clear: () => resolvers.clear(),
      size: () => resolvers.size,
    } satisfies SelectorCache);
  }
}
keepCompiledSelectors();
