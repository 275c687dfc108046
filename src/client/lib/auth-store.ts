/**
 * Who is signed in, as the web client knows it (DESIGN D6): `{ user, isAuthenticated }` kept in
 * localStorage under `auth-storage`, never the session token (that is an httpOnly cookie). The
 * header reads it; the accounts pages fill it on sign-in and empty it on sign-out. See
 * docs/decisions/0008-auth-store.md.
 *
 * Components read it with `useAuth()`, a useSyncExternalStore over this module: the server
 * snapshot is signed out, so the prerendered HTML (always signed out) hydrates without a
 * mismatch, and React re-renders with the stored user right after hydration.
 */
import { useSyncExternalStore } from "react";

export type AuthUser = { firstName: string; lastName: string; email: string; isAdmin: boolean };
export type AuthState = { user: AuthUser | null; isAuthenticated: boolean };

export const AUTH_STORAGE_KEY = "auth-storage";

const signedOut: AuthState = { user: null, isAuthenticated: false };
const listeners = new Set<() => void>();
let current: AuthState | undefined;

// Hand-checked rather than with zod: this module is on every page, and zod is not.
export function isAuthUser(value: unknown): value is AuthUser {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.firstName === "string" &&
    typeof v.lastName === "string" &&
    typeof v.email === "string" &&
    typeof v.isAdmin === "boolean"
  );
}

/** The stored state; anything unreadable (or a stored token's leftovers) counts as signed out. */
function read(): AuthState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null");
    const user = (stored as { user?: unknown } | null)?.user;
    return isAuthUser(user) && (stored as { isAuthenticated?: unknown }).isAuthenticated === true
      ? {
          user: { firstName: user.firstName, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin },
          isAuthenticated: true,
        }
      : signedOut;
  } catch {
    return signedOut;
  }
}

/** The first letter of the first name (spec §2), one whole character even outside the BMP. */
export function initialOf(user: AuthUser, lang: string): string {
  return ([...user.firstName.trim()][0] ?? "?").toLocaleUpperCase(lang);
}

export function getAuth(): AuthState {
  return (current ??= read());
}

/** Signs the browser in as `user` (after the server accepted the credentials), or out with null. */
export function setAuth(user: AuthUser | null): void {
  current = user ? { user, isAuthenticated: true } : signedOut;
  try {
    if (user) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(current));
    else localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage may be full or blocked; this tab still knows.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeAuth(listener: () => void): () => void {
  // Another tab signing in or out changes the stored value: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    current = read();
    listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const serverSnapshot = () => signedOut;

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, serverSnapshot);
}

/** For tests: forget the cached state so the next read goes to storage. */
export function resetAuthCache(): void {
  current = undefined;
}
