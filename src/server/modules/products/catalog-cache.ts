import { compressThreshold } from "#server/lib/accept-encoding.ts";
import { compressOnce, sendableOf, type Sendable } from "#server/lib/sendable.ts";
import type { CatalogProduct } from "./list-products.ts";

/**
 * The catalog as `GET /api/products` sends it: serialized once and, when it is large enough for
 * that to save a packet, compressed once (lib/sendable.ts), so that no request does either.
 */
export type CachedCatalog = { products: CatalogProduct[]; json: string; variants: Sendable };

/** The catalog's sendable forms, made when it is read from the database. */
async function sendable(products: CatalogProduct[]): Promise<CachedCatalog> {
  const json = JSON.stringify({ products });
  const body = Buffer.from(json);
  const twins = body.length < compressThreshold ? {} : await compressOnce(body);
  return { products, json, variants: sendableOf(body, twins) };
}

export type CatalogCache = {
  /**
   * The catalog from memory. Read from the database when missing or invalidated; older than the
   * TTL, it is still answered while a fresh copy is read (stale-while-revalidate).
   */
  get(): Promise<CachedCatalog>;
  /** Drops the cached catalog: every code path that writes products calls this after committing. */
  invalidate(): void;
  /**
   * Calls `listener` whenever the catalog in memory changes: with the new one and the time (on
   * the cache's clock) until which it is fresh, or with nothing when it is dropped.
   */
  subscribe(listener: (catalog: CachedCatalog | undefined, freshUntil: number) => void): void;
};

/**
 * The product catalog is read on every page that shows a price and written almost never, so it is
 * kept in memory. Writers in this process invalidate it at once; the TTL bounds how long another
 * instance (several behind a load balancer, DESIGN D14) can serve a catalog changed elsewhere.
 */
export function createCatalogCache(
  load: () => Promise<CatalogProduct[]>,
  options: { ttlMs?: number; now?: () => number } = {},
): CatalogCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { value: CachedCatalog; at: number } | undefined;
  let pending: Promise<CachedCatalog> | undefined;
  // Bumped by invalidate(), so a read that started before a write is not cached after it.
  let generation = 0;
  const listeners: ((catalog: CachedCatalog | undefined, freshUntil: number) => void)[] = [];
  const tell = (catalog: CachedCatalog | undefined, freshUntil: number) => {
    for (const listener of listeners) listener(catalog, freshUntil);
  };

  const refresh = (): Promise<CachedCatalog> => {
    if (pending) return pending;
    const started = generation;
    const at = now();
    const reading = load()
      .then(sendable)
      .then((value) => {
        if (started === generation) {
          cached = { value, at };
          tell(value, at + ttlMs);
        }
        return value;
      })
      .finally(() => {
        if (pending === reading) pending = undefined;
      });
    pending = reading;
    return reading;
  };

  return {
    get() {
      if (!cached) return refresh();
      // Past the TTL the catalog is re-read in the background while this request, and every other
      // until the read lands, gets the one in memory: no request waits on the database for it.
      if (now() - cached.at >= ttlMs) refresh().catch(() => undefined);
      return Promise.resolve(cached.value);
    },
    invalidate() {
      generation++;
      cached = undefined;
      pending = undefined;
      tell(undefined, 0);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}
