import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetAuthCache, setAuth } from "./auth-store.ts";
import { clearWishlist, mergeWishlistIntoAccount, readWishlist, toggleWishlist } from "./wishlist.ts";

const user = { firstName: "Noura", lastName: "Alharbi", email: "noura@example.com", isAdmin: false };

describe("wishlist", () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    vi.stubGlobal("window", { addEventListener: () => {}, removeEventListener: () => {} });
    resetAuthCache();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("signed out: adds a product, then removes it on the second toggle, in this browser only", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(readWishlist()).toEqual([]);
    expect(await toggleWishlist("nawat")).toBe(true);
    expect(readWishlist()).toEqual(["nawat"]);
    expect(await toggleWishlist("nawat")).toBe(false);
    expect(readWishlist()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads a damaged entry as an empty list", () => {
    localStorage.setItem("wishlist", "{not json");
    expect(readWishlist()).toEqual([]);
    localStorage.setItem("wishlist", JSON.stringify(["sanam", 3]));
    expect(readWishlist()).toEqual(["sanam"]);
  });

  it("signed in: writes each change to the account and keeps the account's list", async () => {
    setAuth(user);
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ productIds: ["sanam", "nawat"] }))
      .mockResolvedValueOnce(Response.json({ productIds: ["sanam"] }));
    vi.stubGlobal("fetch", fetch);
    expect(await toggleWishlist("nawat")).toBe(true);
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/account/wishlist",
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ productIds: ["nawat"] }) }),
    );
    expect(readWishlist()).toEqual(["sanam", "nawat"]);
    expect(await toggleWishlist("nawat")).toBe(false);
    expect(fetch).toHaveBeenLastCalledWith(
      "/api/account/wishlist/nawat",
      expect.objectContaining({ method: "DELETE" }),
    );
    expect(readWishlist()).toEqual(["sanam"]);
  });

  it("signed in: a refused write leaves the list as it was", async () => {
    setAuth(user);
    localStorage.setItem("wishlist", JSON.stringify(["sanam"]));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("{}", { status: 500 })));
    await expect(toggleWishlist("nawat")).rejects.toThrow("500");
    expect(readWishlist()).toEqual(["sanam"]);
  });

  it("merges the browser's list into the account at sign-in, and forgets it at sign-out", async () => {
    localStorage.setItem("wishlist", JSON.stringify(["nawat"]));
    const fetch = vi.fn().mockResolvedValue(Response.json({ productIds: ["sanam", "nawat"] }));
    vi.stubGlobal("fetch", fetch);
    expect(await mergeWishlistIntoAccount()).toEqual(["sanam", "nawat"]);
    expect(fetch).toHaveBeenCalledWith(
      "/api/account/wishlist",
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ productIds: ["nawat"] }) }),
    );
    expect(readWishlist()).toEqual(["sanam", "nawat"]);
    clearWishlist();
    expect(readWishlist()).toEqual([]);
  });

  it("an empty browser list reads the account's instead of writing", async () => {
    const fetch = vi.fn().mockResolvedValue(Response.json({ productIds: ["sanam"] }));
    vi.stubGlobal("fetch", fetch);
    expect(await mergeWishlistIntoAccount()).toEqual(["sanam"]);
    expect(fetch).toHaveBeenCalledWith("/api/account/wishlist", expect.objectContaining({ method: "GET" }));
  });
});
