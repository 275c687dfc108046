import type { AttemptCounter, AttemptGate } from "#server/lib/attempt-counter.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";

/** What the account use cases need beyond the database: links and footer for their e-mails. */
export type AccountMailSettings = { studio: StudioContact };

/**
 * Failed passwords counted for one kind of key (an account's e-mail, or a client address): the
 * first `free` failures within the counter's window cost nothing; after that every further attempt
 * must wait a delay that doubles with each failure (1 s, 2 s, 4 s …, DESIGN D6, issue 37), which
 * `gate` enforces one attempt at a time.
 */
export type FailureLimit = { failures: AttemptCounter; gate: AttemptGate; free: number };

/**
 * Brute-force limits (DESIGN D6): growing delays per account (its e-mail, whether or not it exists)
 * and per client address, each capped at `maxDelayMs`. While a delay runs, sign-in answers 429
 * with Retry-After without checking the password; once it has passed, the next attempt is checked,
 * so an account's owner is never locked out for longer than the cap.
 */
export type PasswordGuard = { perAccount: FailureLimit; perAddress: FailureLimit; maxDelayMs: number };

/** Reset links one e-mail may be sent per window, and verification links one account may ask for. */
export type MailGuard = { resetPerEmail: AttemptCounter; verifyPerUser: AttemptCounter; max: number };

/** The key an e-mail is counted and looked up by: accounts are unique regardless of case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
