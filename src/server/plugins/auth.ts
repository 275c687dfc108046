import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";

/** Who is calling, as the routes see it (spec §3 User). */
export type AuthUser = { id: string; firstName: string; lastName: string; email: string; isAdmin: boolean };

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved from the session cookie or Bearer token. */
    user: AuthUser | null;
  }
}

/**
 * Resolves the caller on every request. Accounts (sessions, DESIGN D6) are not built yet: until
 * they are, nobody is signed in, so every guarded route answers 401.
 */
export default fp(
  async (app) => {
    app.decorateRequest("user", null);
  },
  { name: "auth" },
);

/** The `onRequest` guard of the admin subtree: 401 signed out, 403 signed in without the role. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
  if (!request.user.isAdmin) throw new ApiError(403, "forbidden", "errors.forbidden");
}
