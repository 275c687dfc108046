import { describe, expect, it } from "vitest";
import { createCatalogCache } from "./catalog-cache.ts";
import type { CatalogProduct } from "./list-products.ts";

const product = (priceHalalas: number): CatalogProduct => ({
  id: "nawat",
  name: "Nawat",
  nameAr: "نواة",
  priceHalalas,
  currency: "SAR",
});

describe("catalog cache", () => {
  it("reads once, then answers from memory until invalidated", async () => {
    let price = 42_200;
    let reads = 0;
    const cache = createCatalogCache(async () => (reads++, [product(price)]));
    expect((await cache.get()).products[0]?.priceHalalas).toBe(42_200);
    await cache.get();
    expect(reads).toBe(1);
    price = 40_000;
    cache.invalidate();
    const after = await cache.get();
    expect(after.products[0]?.priceHalalas).toBe(40_000);
    expect(after.json).toBe(JSON.stringify({ products: [product(40_000)] }));
    expect(reads).toBe(2);
  });

  it("past the TTL, answers the catalog in memory at once and reads a fresh one for the next requests", async () => {
    let clock = 0;
    let price = 1;
    let reads = 0;
    const cache = createCatalogCache(async () => (reads++, [product(price)]), { ttlMs: 1000, now: () => clock });
    await cache.get();
    clock = 999;
    await cache.get();
    expect(reads).toBe(1);
    price = 2; // written by another instance
    clock = 1000;
    expect((await cache.get()).products[0]?.priceHalalas).toBe(1);
    expect(reads).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get()).products[0]?.priceHalalas).toBe(2);
    expect(reads).toBe(2);
  });

  it("shares one read among concurrent requests and does not keep a read overtaken by a write", async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const cache = createCatalogCache(async () => {
      reads++;
      if (reads === 1) await gate;
      return [product(reads)];
    });
    const first = Promise.all([cache.get(), cache.get()]);
    cache.invalidate();
    release();
    const [a, b] = await first;
    expect(a).toBe(b);
    expect((await cache.get()).products[0]?.priceHalalas).toBe(2);
  });
});
