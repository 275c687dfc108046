import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import type { AccountMailSettings } from "#server/modules/accounts/account-settings.ts";
import { forgotPassword } from "#server/modules/accounts/forgot-password.ts";
import { resendVerification } from "#server/modules/accounts/resend-verification.ts";
import { resetPassword } from "#server/modules/accounts/reset-password.ts";
import { deleteSession } from "#server/modules/accounts/sessions.ts";
import { clearAccountFailures, signIn } from "#server/modules/accounts/sign-in.ts";
import { signUp, type SignedIn } from "#server/modules/accounts/sign-up.ts";
import { toUserView } from "#server/modules/accounts/user-views.ts";
import { verifyEmail } from "#server/modules/accounts/verify-email.ts";
import { requireUser } from "#server/plugins/auth.ts";
import { OUTBOX_JOB } from "#server/plugins/outbox.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
  type AuthSuccess,
} from "#shared/schemas/auth.ts";
import type { AccountGuards, AccountLimits } from "./guards.ts";

export type AuthRouteOptions = { mail: AccountMailSettings; limits: AccountLimits; guards: AccountGuards };

/** Body limit of the account forms: a few short fields. */
export const AUTH_BODY_LIMIT = 4 * 1024;

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * /api/auth (spec §7, DESIGN D6; contract in docs/decisions/0014-sessions.md): sign-up, sign-in,
 * the current user, sign-out, and the e-mailed links (verify, forgot and reset password).
 */
const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { guards, limits, mail } = options;

  /** A browser signing in again leaves no second live session behind (and no fixed one). */
  const endPresentedSession = async (request: FastifyRequest) => {
    if (request.sessionId) await deleteSession(app.db, request.sessionId);
  };

  const signedIn = (request: FastifyRequest, reply: FastifyReply, result: SignedIn, message: MessageKey) => {
    const body: AuthSuccess = { user: toUserView(result.user), token: result.token, message: request.t(message) };
    return reply.setSessionCookie(result.token, result.expiresAt).header("Cache-Control", "no-store").send(body);
  };

  api.post(
    "/signup",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: signUpSchema },
      config: {
        rateLimit: { max: limits.signUpsPerHour, timeWindow: "1 hour" },
        errorMessages: { rateLimited: { code: "too_many_signups", message: "auth.tooManySignUps" } },
      },
    },
    async (request, reply) => {
      const result = await signUp(
        app.db,
        request.body,
        { lang: request.lang, userAgent: request.headers["user-agent"] },
        mail,
      );
      await endPresentedSession(request);
      app.jobs.trigger(OUTBOX_JOB);
      return signedIn(request, reply.code(201), result, "auth.signedUp");
    },
  );

  api.post(
    "/signin",
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: signInSchema },
      config: {
        rateLimit: { max: limits.signInPerMinute, timeWindow: "1 minute" },
        errorMessages: { rateLimited: { code: "too_many_attempts", message: "auth.tooManyAttempts" } },
      },
    },
    async (request, reply) => {
      const result = await signIn(
        app.db,
        request.body,
        { address: request.ip, userAgent: request.headers["user-agent"] },
        guards.password,
      );
      await endPresentedSession(request);
      return signedIn(request, reply, result, "auth.signedIn");
    },
  );

  app.get("/me", { onRequest: requireUser }, async (request, reply) => {
    const { firstName, lastName, email, isAdmin } = request.user!;
    return reply.header("Cache-Control", "no-store").send({ firstName, lastName, email, isAdmin });
  });

  app.post("/signout", { bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    if (request.sessionId) await deleteSession(app.db, request.sessionId);
    return reply
      .clearSessionCookie()
      .header("Cache-Control", "no-store")
      .send({ message: request.t("auth.signedOut") });
  });

  const linkConfig = { rateLimit: { max: 10, timeWindow: FIFTEEN_MINUTES } } as const;

  api.post(
    "/verify-email",
    { bodyLimit: AUTH_BODY_LIMIT, schema: { body: verifyEmailSchema }, config: linkConfig },
    async (request, reply) => {
      const userId = await verifyEmail(app.db, request.body);
      const body: { message: string; user?: ReturnType<typeof toUserView> } = {
        message: request.t("auth.emailVerified"),
      };
      if (request.user && request.user.id === userId) body.user = toUserView(request.user);
      return reply.header("Cache-Control", "no-store").send(body);
    },
  );

  app.post("/resend-verification", { bodyLimit: AUTH_BODY_LIMIT, onRequest: requireUser }, async (request, reply) => {
    const outcome = await resendVerification(app.db, request.user!.id, guards.mail, mail);
    if (outcome === "verified") return reply.send({ message: request.t("auth.alreadyVerified") });
    app.jobs.trigger(OUTBOX_JOB);
    return reply.code(202).send({ message: request.t("auth.verificationSent") });
  });

  api.post(
    "/forgot-password",
    { bodyLimit: AUTH_BODY_LIMIT, schema: { body: forgotPasswordSchema }, config: linkConfig },
    async (request, reply) => {
      // The answer does not wait for the lookup and the mail, so its timing cannot tell whether
      // the e-mail has an account. A failure here loses one link; the person asks again.
      forgotPassword(app.db, request.body, guards.mail, mail).then(
        (queued) => queued && app.jobs.trigger(OUTBOX_JOB),
        (error: unknown) => request.log.error({ err: error }, "forgot-password: could not queue the reset link"),
      );
      return reply
        .code(202)
        .header("Cache-Control", "no-store")
        .send({ message: request.t("auth.resetSent") });
    },
  );

  api.post(
    "/reset-password",
    { bodyLimit: AUTH_BODY_LIMIT, schema: { body: resetPasswordSchema }, config: linkConfig },
    async (request, reply) => {
      const { userId, email } = await resetPassword(app.db, request.body);
      // The link proved the mailbox: its owner is not kept waiting by someone else's wrong guesses.
      await clearAccountFailures(guards.password, email);
      // The reset ended this browser's session too if it was the same account's.
      if (request.user?.id === userId) reply.clearSessionCookie();
      return reply.header("Cache-Control", "no-store").send({ message: request.t("auth.passwordReset") });
    },
  );
};

export default authRoutes;
