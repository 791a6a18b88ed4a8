import type { SWRConfiguration } from 'swr';
import { apiRequestUnchecked } from './api-client.js';

/**
 * docs/product.md §7: data never goes stale by itself and nothing is refetched or retried behind the
 * user's back; screens refresh what they change. The default fetcher is the plain GET reader, so the
 * remotes can use `useSWR(path)` with the shell's client.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => apiRequestUnchecked('GET', path),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
};
