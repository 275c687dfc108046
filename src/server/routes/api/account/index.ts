import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { changePassword } from "#server/modules/accounts/change-password.ts";
import { findUserById } from "#server/modules/accounts/find-user.ts";
import { endUserSessions } from "#server/modules/accounts/sessions.ts";
import { updateAccount } from "#server/modules/accounts/update-account.ts";
import { toAccountView, toUserView } from "#server/modules/accounts/user-views.ts";
import { getWishlist, mergeWishlist, removeFromWishlist } from "#server/modules/accounts/wishlist.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { requireUser } from "#server/plugins/auth.ts";
import { accountUpdateSchema, passwordChangeSchema, productIdField, wishlistSchema } from "#shared/schemas/auth.ts";
import { z } from "zod";
import { AUTH_BODY_LIMIT } from "../auth/index.ts";
import type { AccountGuards } from "../auth/guards.ts";

/**
 * /api/account: the signed-in customer's own page (details, password, sessions, wishlist). One
 * `onRequest` guard for the whole scope: signed out is 401.
 */
const accountRoutes: FastifyPluginAsync<{ guards: AccountGuards }> = async (app, options) => {
  app.addHook("onRequest", requireUser);
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const userId = (request: { user: { id: string } | null }) => request.user!.id;

  api.get("/", async (request) => {
    const user = await findUserById(app.db, userId(request));
    if (!user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
    return { account: toAccountView(user) };
  });

  api.patch("/", { bodyLimit: AUTH_BODY_LIMIT, schema: { body: accountUpdateSchema } }, async (request) => {
    const user = await updateAccount(app.db, userId(request), request.body);
    return { account: toAccountView(user), user: toUserView(user), message: request.t("account.updated") };
  });

  api.post("/password", { bodyLimit: AUTH_BODY_LIMIT, schema: { body: passwordChangeSchema } }, async (request) => {
    await changePassword(
      app.db,
      { userId: userId(request), sessionId: request.sessionId, address: request.ip },
      request.body,
      options.guards.password,
    );
    return { message: request.t("account.passwordChanged") };
  });

  app.post("/signout-everywhere", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    await endUserSessions(app.db, userId(request));
    return reply.clearSessionCookie().send({ message: request.t("account.signedOutEverywhere") });
  });

  api.get("/wishlist", async (request) => ({ productIds: await getWishlist(app.db, userId(request)) }));

  api.put("/wishlist", { bodyLimit: AUTH_BODY_LIMIT, schema: { body: wishlistSchema } }, async (request) => ({
    productIds: await mergeWishlist(app.db, userId(request), request.body),
  }));

  api.delete(
    "/wishlist/:productId",
    { schema: { params: z.strictObject({ productId: productIdField }) } },
    async (request) => ({ productIds: await removeFromWishlist(app.db, userId(request), request.params.productId) }),
  );
};

export default accountRoutes;
