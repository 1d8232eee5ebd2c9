// Keys are imported once per secret and reused as non-extractable CryptoKeys: an RSA import costs
// about as much as the request it signs. The cache is bounded so a stream of distinct keys
// cannot grow it.
const imported = new Map<string, Promise<CryptoKey>>();

/** The key imported under `cacheKey`, importing it with `load` the first time. */
export function importedOnce(cacheKey: string, load: () => Promise<CryptoKey>): Promise<CryptoKey> {
  let key = imported.get(cacheKey);
  if (!key) {
    key = load();
    // A key that fails to import is not kept: the next call reports the same error afresh.
    key.catch(() => imported.delete(cacheKey));
    if (imported.size >= 32) imported.clear();
    imported.set(cacheKey, key);
  }
  return key;
}
