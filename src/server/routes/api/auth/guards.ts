import type { FastifyInstance } from "fastify";
import type { MailGuard, PasswordGuard } from "#server/modules/accounts/account-settings.ts";

export type AccountLimits = {
  /** SIGNUPS_PER_HOUR, per address. */
  signUpsPerHour: number;
  /** SIGNIN_PER_MINUTE, per address. */
  signInPerMinute: number;
  /** SIGNIN_FAILURES_PER_ACCOUNT and SIGNIN_FAILURES_PER_ADDRESS: failures before the delays start. */
  failuresPerAccount: number;
  failuresPerAddress: number;
  /** SIGNIN_FAILURES_MAX_DELAY_SECONDS: the longest delay. */
  failureMaxDelayMs: number;
  /** SIGNIN_FAILURES_WINDOW_MINUTES: how long failures are counted, from the first. */
  failureWindowMs: number;
};

export type AccountGuards = { password: PasswordGuard; mail: MailGuard };

/**
 * The counters behind the account routes' limits, in the rate-limit plugin's store (Redis when
 * REDIS_URL is set), created once and shared by /api/auth and /api/account.
 */
export function accountGuards(app: FastifyInstance, limits: AccountLimits): AccountGuards {
  return {
    password: {
      perAccount: {
        failures: app.attemptCounter("signin-failures-account", limits.failureWindowMs),
        gate: app.attemptGate("signin-delay-account"),
        free: limits.failuresPerAccount,
      },
      perAddress: {
        failures: app.attemptCounter("signin-failures-address", limits.failureWindowMs),
        gate: app.attemptGate("signin-delay-address"),
        free: limits.failuresPerAddress,
      },
      maxDelayMs: limits.failureMaxDelayMs,
    },
    mail: {
      resetPerEmail: app.attemptCounter("reset-mails", 60 * 60 * 1000),
      verifyPerUser: app.attemptCounter("verify-mails", 60 * 60 * 1000),
      // A few links an hour: enough for a lost mail, too few to flood a mailbox.
      max: 3,
    },
  };
}
