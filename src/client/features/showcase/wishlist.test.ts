import { beforeEach, describe, expect, it, vi } from "vitest";
import { readWishlist, toggleWishlist } from "./wishlist.ts";

describe("wishlist", () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    });
  });

  it("adds a product, then removes it on the second toggle", () => {
    expect(readWishlist()).toEqual([]);
    expect(toggleWishlist("nawat")).toBe(true);
    expect(readWishlist()).toEqual(["nawat"]);
    expect(toggleWishlist("nawat")).toBe(false);
    expect(readWishlist()).toEqual([]);
  });

  it("reads a damaged entry as an empty list", () => {
    localStorage.setItem("wishlist", "{not json");
    expect(readWishlist()).toEqual([]);
    localStorage.setItem("wishlist", JSON.stringify(["sanam", 3]));
    expect(readWishlist()).toEqual(["sanam"]);
  });
});
