import type { FastifyInstance } from "fastify";
import type { MailGuard, PasswordGuard } from "#server/modules/accounts/account-settings.ts";

/** The window over which failed passwords are counted. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AccountLimits = {
  /** SIGNUPS_PER_HOUR, per address. */
  signUpsPerHour: number;
  /** SIGNIN_PER_MINUTE, per address. */
  signInPerMinute: number;
  /** SIGNIN_FAILURES_PER_ACCOUNT and SIGNIN_FAILURES_PER_ADDRESS, per FAILURE_WINDOW_MS. */
  failuresPerAccount: number;
  failuresPerAddress: number;
};

export type AccountGuards = { password: PasswordGuard; mail: MailGuard };

/**
 * The counters behind the account routes' limits, in the rate-limit plugin's store (Redis when
 * REDIS_URL is set), created once and shared by /api/auth and /api/account.
 */
export function accountGuards(app: FastifyInstance, limits: AccountLimits): AccountGuards {
  return {
    password: {
      perAccount: app.attemptCounter("signin-failures-account", FAILURE_WINDOW_MS),
      perAddress: app.attemptCounter("signin-failures-address", FAILURE_WINDOW_MS),
      maxPerAccount: limits.failuresPerAccount,
      maxPerAddress: limits.failuresPerAddress,
    },
    mail: {
      resetPerEmail: app.attemptCounter("reset-mails", 60 * 60 * 1000),
      verifyPerUser: app.attemptCounter("verify-mails", 60 * 60 * 1000),
      // A few links an hour: enough for a lost mail, too few to flood a mailbox.
      max: 3,
    },
  };
}
