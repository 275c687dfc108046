import type { Db } from "#server/db/database.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { SignInRequest } from "#shared/schemas/auth.ts";
import { emailKey, type PasswordGuard } from "./account-settings.ts";
import { findUserByEmail } from "./find-user.ts";
import { assertPasswordCheckRoom, checkPassword } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import type { SignedIn } from "./sign-up.ts";

/** The one refusal for an unknown e-mail, a wrong password and a disabled account alike. */
export function invalidCredentials(): ApiError {
  return new ApiError(401, "invalid_credentials", "auth.invalidCredentials");
}

/** 429 with Retry-After when an account or an address has failed too often (checked before argon2). */
export async function assertNotLocked(guard: PasswordGuard, email: string, address: string): Promise<void> {
  const [account, client] = await Promise.all([guard.perAccount.get(emailKey(email)), guard.perAddress.get(address)]);
  const waits = [
    account.count >= guard.maxPerAccount ? account.resetInMs : 0,
    client.count >= guard.maxPerAddress ? client.resetInMs : 0,
  ];
  const waitMs = Math.max(...waits);
  if (waitMs > 0) {
    throw new ApiError(429, "too_many_attempts", "auth.tooManyAttempts", {
      headers: { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  }
}

/** Counts a failed password against the account and the address. */
export async function recordFailure(guard: PasswordGuard, email: string, address: string): Promise<void> {
  await Promise.all([guard.perAccount.hit(emailKey(email)), guard.perAddress.hit(address)]);
}

/**
 * Checks an e-mail and password and opens a session (DESIGN D6). Whether the e-mail has no
 * account, the password is wrong or the account is disabled, the answer is the same 401 after the
 * same single argon2 verification (against a dummy hash when there is no account), and the failure
 * counts towards the per-account and per-address limits.
 */
export async function signIn(
  db: Db,
  input: SignInRequest,
  client: { address: string; userAgent?: string | undefined },
  guard: PasswordGuard,
): Promise<SignedIn> {
  await assertNotLocked(guard, input.email, client.address);
  assertPasswordCheckRoom();
  const user = await findUserByEmail(db, input.email);
  const matches = await checkPassword(user?.passwordHash, input.password);
  if (!user || !matches || user.disabledAt) {
    await recordFailure(guard, input.email, client.address);
    throw invalidCredentials();
  }
  await guard.perAccount.clear(emailKey(input.email));
  const session = await createSession(db, user.id, client.userAgent);
  return { user, ...session };
}
