import type { Db } from "#server/db/database.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { SignInRequest } from "#shared/schemas/auth.ts";
import { emailKey, type FailureLimit, type PasswordGuard } from "./account-settings.ts";
import { findUserByEmail } from "./find-user.ts";
import { assertPasswordCheckRoom, checkPassword } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import type { SignedIn } from "./sign-up.ts";

/** The one refusal for an unknown e-mail, a wrong password and a disabled account alike. */
export function invalidCredentials(): ApiError {
  return new ApiError(401, "invalid_credentials", "auth.invalidCredentials");
}

/** The delay after a key's `count`-th failure: none for the first `free` - 1, then 1 s, 2 s, 4 s … up to the cap. */
export function failureDelayMs(count: number, free: number, maxDelayMs: number): number {
  if (count < free) return 0;
  return Math.min(1000 * 2 ** Math.min(count - free, 30), maxDelayMs);
}

/**
 * Takes a key's attempt: free while it has fewer failures than its limit's `free`; past that, one
 * attempt once the current delay has passed (held meanwhile for the delay the next failure would
 * bring). Returns how long the caller must still wait (0: go ahead).
 */
async function takeAttempt(limit: FailureLimit, key: string, maxDelayMs: number): Promise<number> {
  const { count } = await limit.failures.get(key);
  if (count < limit.free) return 0;
  const claim = await limit.gate.claim(key, failureDelayMs(count + 1, limit.free, maxDelayMs));
  return claim.allowed ? 0 : claim.retryInMs;
}

function tooManyAttempts(waitMs: number, message: "auth.tooManyAttempts" | "auth.signInDelayed"): ApiError {
  return new ApiError(429, "too_many_attempts", message, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}

/**
 * 429 with Retry-After while the delay of the address or of the account runs (checked before
 * argon2); otherwise the attempt goes ahead. The address is checked first, so an address that is
 * itself waiting never takes the account's attempt.
 */
export async function assertMayAttempt(guard: PasswordGuard, email: string, address: string): Promise<void> {
  const addressWait = await takeAttempt(guard.perAddress, address, guard.maxDelayMs);
  if (addressWait > 0) throw tooManyAttempts(addressWait, "auth.tooManyAttempts");
  const accountWait = await takeAttempt(guard.perAccount, emailKey(email), guard.maxDelayMs);
  if (accountWait > 0) throw tooManyAttempts(accountWait, "auth.signInDelayed");
}

async function countFailure(limit: FailureLimit, key: string, maxDelayMs: number): Promise<void> {
  const { count } = await limit.failures.hit(key);
  const delayMs = failureDelayMs(count, limit.free, maxDelayMs);
  if (delayMs > 0) await limit.gate.hold(key, delayMs);
}

/** Counts a failed password against the account and the address, starting or doubling their delays. */
export async function recordFailure(guard: PasswordGuard, email: string, address: string): Promise<void> {
  await Promise.all([
    countFailure(guard.perAccount, emailKey(email), guard.maxDelayMs),
    countFailure(guard.perAddress, address, guard.maxDelayMs),
  ]);
}

/**
 * Forgets an account's failures and its delay: after a successful sign-in or password change, and
 * after a password reset (the link proved the mailbox, so its owner is never kept waiting).
 */
export async function clearAccountFailures(guard: PasswordGuard, email: string): Promise<void> {
  const key = emailKey(email);
  await Promise.all([guard.perAccount.failures.clear(key), guard.perAccount.gate.clear(key)]);
}

/**
 * Checks an e-mail and password and opens a session (DESIGN D6). Whether the e-mail has no
 * account, the password is wrong or the account is disabled, the answer is the same 401 after the
 * same single argon2 verification (against a dummy hash when there is no account), and the failure
 * counts towards the per-account and per-address delays.
 */
export async function signIn(
  db: Db,
  input: SignInRequest,
  client: { address: string; userAgent?: string | undefined },
  guard: PasswordGuard,
): Promise<SignedIn> {
  // The line for argon2 first: under a flood its refusals cost no round trip to the counters.
  assertPasswordCheckRoom();
  await assertMayAttempt(guard, input.email, client.address);
  const user = await findUserByEmail(db, input.email);
  const matches = await checkPassword(user?.passwordHash, input.password);
  if (!user || !matches || user.disabledAt) {
    await recordFailure(guard, input.email, client.address);
    throw invalidCredentials();
  }
  await clearAccountFailures(guard, input.email);
  const session = await createSession(db, user.id, client.userAgent);
  return { user, ...session };
}
