import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";
import { purgeAccountTokens } from "../modules/accounts/account-tokens.ts";
import { preparePasswordCheck, setPasswordQueueLimit } from "../modules/accounts/passwords.ts";
import { purgeExpiredSessions, resolveSession } from "../modules/accounts/sessions.ts";

/** Who is calling, as the routes see it (spec §3 User, plus the account's id). */
export type AuthUser = { id: string; firstName: string; lastName: string; email: string; isAdmin: boolean };

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved from the session cookie or Bearer token. */
    user: AuthUser | null;
    /** The session the request was made with (its stored id), or null. */
    sessionId: string | null;
  }
  interface FastifyReply {
    /** Sets the session cookie (DESIGN D6) for a token, to last until the session's absolute end. */
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/**
 * The session cookie's name: on an https site `__Host-session`, which browsers accept only when it
 * is Secure, for Path=/ and without a Domain, so a sibling subdomain or a plain-http page on the same
 * host cannot set or shadow it (issue 37); `session` on an http site (local development), where a
 * `__Host-` cookie cannot be set. Only the configured name is read.
 */
export function sessionCookieName(https: boolean): string {
  return https ? "__Host-session" : "session";
}
export const PURGE_ACCOUNTS_JOB = "accounts-purge";

/** A session token as issued (43 base64url characters): anything else is not looked up. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

type Presented = { token: string; from: "bearer" | "cookie" };

function presentedToken(request: FastifyRequest, cookieName: string): Presented | undefined {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? { token: match[1]!, from: "bearer" } : undefined;
  }
  const cookie = request.cookies[cookieName];
  return cookie ? { token: cookie, from: "cookie" } : undefined;
}

/**
 * Resolves the caller of every API request from `Authorization: Bearer <token>` or the session
 * cookie (`__Host-session` on https, `session` on http) (DESIGN D6, decision 14). A request without either costs nothing; pages and assets are
 * never looked up (they do not depend on who asks). A stale cookie is cleared. Expired sessions
 * and tokens are purged hourly.
 */
export default fp<{ https: boolean; passwordQueue?: number }>(
  async (app, options) => {
    const cookieName = sessionCookieName(options.https);
    // No Domain: the `__Host-` prefix forbids one, and a host-only cookie is what both names want.
    const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax", secure: options.https } as const;
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorateReply("setSessionCookie", function (this: FastifyReply, token: string, expiresAt: Date) {
      const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      return this.setCookie(cookieName, token, { ...cookieOptions, maxAge });
    });
    app.decorateReply("clearSessionCookie", function (this: FastifyReply) {
      return this.clearCookie(cookieName, cookieOptions);
    });

    const resolveCaller = async (request: FastifyRequest, reply: FastifyReply, token: Presented) => {
      const session = tokenShape.test(token.token) ? await resolveSession(app.db, token.token) : null;
      if (!session) {
        if (token.from === "cookie") reply.clearSessionCookie();
        return;
      }
      const { sessionId, ...user } = session;
      request.user = user;
      request.sessionId = sessionId;
    };
    // Callback-style: a page, an asset or an API call without credentials costs no promise.
    app.addHook("onRequest", (request, reply, done) => {
      const presented = request.url.startsWith("/api/") ? presentedToken(request, cookieName) : undefined;
      if (!presented) return done();
      resolveCaller(request, reply, presented).then(() => done(), done);
    });

    if (options.passwordQueue !== undefined) setPasswordQueueLimit(options.passwordQueue);
    app.addHook("onReady", async () => preparePasswordCheck());

    app.jobs.add({
      name: PURGE_ACCOUNTS_JOB,
      everyMs: 60 * 60 * 1000,
      exclusive: true,
      async run({ db, log }) {
        const sessions = await purgeExpiredSessions(db);
        const tokens = await purgeAccountTokens(db);
        if (sessions + tokens > 0) log.info({ sessions, tokens }, "purged expired sessions and account links");
      },
    });
  },
  { name: "auth", dependencies: ["database", "background-jobs"] },
);

/** The `onRequest` guard of signed-in routes (/api/account): 401 signed out. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
}

/** The `onRequest` guard of the admin subtree: 401 signed out, 403 signed in without the role. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
  if (!request.user.isAdmin) throw new ApiError(403, "forbidden", "errors.forbidden");
}
