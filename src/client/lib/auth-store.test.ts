import { beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY, getAuth, resetAuthCache, setAuth, subscribeAuth } from "./auth-store.ts";

const user = { firstName: "Noura", lastName: "Alharbi", email: "noura@example.com", isAdmin: false };

describe("auth store", () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
    vi.stubGlobal("window", { addEventListener: () => undefined, removeEventListener: () => undefined });
    resetAuthCache();
  });

  it("starts signed out", () => {
    expect(getAuth()).toEqual({ user: null, isAuthenticated: false });
  });

  it("keeps the user and isAuthenticated under auth-storage, never a token, and tells subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAuth(listener);
    setAuth(user);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getAuth()).toEqual({ user, isAuthenticated: true });
    expect(JSON.parse(store.get(AUTH_STORAGE_KEY)!)).toEqual({ user, isAuthenticated: true });
    setAuth(null);
    expect(getAuth().isAuthenticated).toBe(false);
    expect(store.has(AUTH_STORAGE_KEY)).toBe(false);
    unsubscribe();
  });

  it("reads a stored user back, dropping anything else stored with it", () => {
    store.set(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user: { ...user, isAdmin: true, id: 7 }, token: "secret", isAuthenticated: true }),
    );
    expect(getAuth()).toEqual({ user: { ...user, isAdmin: true }, isAuthenticated: true });
  });

  it("treats damaged or partial storage as signed out", () => {
    for (const value of [
      "{oops",
      JSON.stringify({ user, isAuthenticated: false }),
      JSON.stringify({ user: { email: "x" }, isAuthenticated: true }),
    ]) {
      store.set(AUTH_STORAGE_KEY, value);
      resetAuthCache();
      expect(getAuth()).toEqual({ user: null, isAuthenticated: false });
    }
  });
});
