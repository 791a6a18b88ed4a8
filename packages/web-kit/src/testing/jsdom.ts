// What jsdom lacks and the apps' tests need, shared by the shell and the remotes. Test code only (no
// app's runtime code imports it), and free of imports, so a spec's setup module can install these
// before React or antd load and look for them.

/** A matchMedia stand-in whose queries answer as `matches` says. */
const matchMediaAnswering = (matches: (query: string) => boolean) => (query: string) =>
  ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/**
 * antd's responsive grid and Table ask for matchMedia, which jsdom lacks: a query that never matches.
 * No parameters: jest hands a hook function with one a `done` callback to call.
 */
export function installMatchMedia(): void {
  window.matchMedia ??= matchMediaAnswering(() => false);
}

/** A matchMedia that answers as `matches` says (a test of the phone and wide layouts), replacing any stand-in. */
export function installMatchMediaAnswering(matches: (query: string) => boolean): void {
  window.matchMedia = matchMediaAnswering(matches);
}

/** antd's Select list and Table and recharts watch sizes with ResizeObserver, which jsdom lacks: one that never reports. */
export function installResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * antd's form fields schedule work through MessageChannel, which jsdom lacks: a channel that delivers
 * on the next macrotask, as the browser's does (and leaves no handle open, unlike Node's).
 */
export function installMessageChannel(): void {
  globalThis.MessageChannel ??= class {
    readonly port1 = { onmessage: null as ((event: { data: unknown }) => void) | null };
    readonly port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
    };
  } as unknown as typeof MessageChannel;
}

/**
 * antd measures the scrollbar through getComputedStyle(element, '::-webkit-scrollbar'), which jsdom
 * does not implement (and reports on the console): the element's own style answers instead.
 */
export function ignorePseudoElementStyles(): void {
  const real = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => real(element);
}

/** nwsapi's cache of compiled selectors, as jsdom's instances of it expose it. */
interface SelectorCache {
  get(selector: string): unknown;
  set(selector: string, resolver: unknown): unknown;
  has(selector: string): boolean;
  clear(): void;
  size(): number;
}

/**
 * jsdom's getComputedStyle matches every rule of every style sheet against the element (and, for
 * visibility, which is inherited, against its ancestors) with nwsapi, which keeps the selectors it
 * has compiled in a least-recently-used cache of 1,000. antd's CSS-in-JS puts over 2,000 rules in
 * the document, so going through them in order evicts each selector just before it is needed again:
 * every match compiles its selector anew, and each role query (which asks for the style of every node
 * whose name it computes), and antd's own measurements, take seconds. This keeps every selector
 * compiled: the same answers, several times faster. It reaches into jsdom's internals; should they
 * change, it does nothing and the tests only run slower.
 */
export function keepCompiledSelectors(): void {
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

/** Every stand-in an antd page needs under jsdom (call in `beforeAll`, before rendering). */
export function installAntdStandIns(): void {
  installMatchMedia();
  installResizeObserver();
  installMessageChannel();
  ignorePseudoElementStyles();
  keepCompiledSelectors();
}
