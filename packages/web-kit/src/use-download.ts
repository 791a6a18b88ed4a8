import { useCallback, useState } from 'react';
import { apiDownload, serverMessage } from './api-client.js';

/**
 * A download button's state: `download()` fetches `path` as a file (see `apiDownload`); a refusal
 * leaves `error` with the server's own explanation (a 503 says what failed) or `<status>: <body>`.
 */
export function useDownload(path: string, fallbackName: () => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await apiDownload(path, fallbackName());
    } catch (failure) {
      setError(serverMessage(failure) ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  }, [path, fallbackName]);
  return { download, busy, error };
}
