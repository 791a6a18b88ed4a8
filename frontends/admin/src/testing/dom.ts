/** antd's responsive grid and Table ask for matchMedia, which jsdom lacks: a query that never matches. */
export function installMatchMedia(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * A fetch answer as apiRequest reads it (jsdom has no Response: only ok, status and text() are used).
 */
export const jsonReply = (body: unknown, status = 200): Response =>
  ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;

/** antd's Table and recharts watch sizes with ResizeObserver, which jsdom lacks: one that never reports. */
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
