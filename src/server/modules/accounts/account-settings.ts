import type { AttemptCounter } from "#server/lib/attempt-counter.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";

/** What the account use cases need beyond the database: links and footer for their e-mails. */
export type AccountMailSettings = { studio: StudioContact };

/**
 * Brute-force limits (DESIGN D6): failed passwords per account (its e-mail, whether or not it
 * exists) and per client address, each over `windowMs`. Past either, sign-in answers 429 without
 * checking the password.
 */
export type PasswordGuard = {
  perAccount: AttemptCounter;
  perAddress: AttemptCounter;
  maxPerAccount: number;
  maxPerAddress: number;
};

/** Reset links one e-mail may be sent per window, and verification links one account may ask for. */
export type MailGuard = { resetPerEmail: AttemptCounter; verifyPerUser: AttemptCounter; max: number };

/** The key an e-mail is counted and looked up by: accounts are unique regardless of case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
