/**
 * The session's two calls. Plain `fetch`, not apiRequest: the caller reads any answer (a 401 is
 * news, not an error), and sign-out treats every answer alike.
 */

/** GET /api/auth/me: the signed-in user, or 401. */
export function requestCurrentUser(): Promise<Response> {
  return fetch("/api/auth/me", { credentials: "include" });
}

/** POST /api/auth/signout: ends this session (401 when it had already ended). */
export function requestSignOut(): Promise<Response> {
  return fetch("/api/auth/signout", { method: "POST", credentials: "include" });
}
