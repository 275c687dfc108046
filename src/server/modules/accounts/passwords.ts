import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

/**
 * DESIGN D6: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
 * libuv's thread pool, so a sign-in never blocks the event loop.
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum the type-only import cannot name)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Whether `password` matches a stored hash; a malformed hash is a mismatch, not a crash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret with the same parameters: checking a password against it for an
 * unknown e-mail takes as long as for a real account, so timing does not tell them apart.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}

/** Computes the dummy hash ahead of the first sign-in (called when the app starts). */
export async function preparePasswordCheck(): Promise<void> {
  await dummy();
}

/**
 * Checks a password against an account's hash, or against the dummy hash when there is no
 * account: both paths cost one argon2 verification.
 */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await verifyPassword(await dummy(), password);
    return false;
  }
  return verifyPassword(storedHash, password);
}
