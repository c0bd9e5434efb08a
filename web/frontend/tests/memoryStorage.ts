// A localStorage kept in memory, for the tests that run outside a browser (Node has none).

/** A Storage-like object over `store` (the parts of Storage the app uses). */
export function memoryStorage(store: Map<string, string> = new Map()) {
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
}

/** Install an empty in-memory localStorage on the global object; returns its contents. */
export function installLocalStorage(): Map<string, string> {
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = memoryStorage(store);
  return store;
}
