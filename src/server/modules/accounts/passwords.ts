import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Algorithm, Options } from "@node-rs/argon2";
import { ApiError } from "#server/lib/api-error.ts";
import { hashOnThread, verifyOnThread } from "./password-threads.ts";

/**
 * DESIGN D6: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), computed on password
 * threads of their own at a lowered priority (password-threads.ts), so a sign-in never blocks
 * the event loop nor takes a core's share from it.
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum the type-only import cannot name)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * At most this many argon2 computations run at once: one per core but one, so that a flood of
 * sign-ins always leaves a core to the event loop (pages, health checks, every other request), and
 * never more than three, fewer than libuv's four pool threads, which file reads share. Others wait
 * in a short line; past `waitingLimit` a request is turned away at once with 429 and Retry-After
 * (sign-in attempts are limited site-wide as well as per address and account) instead of queueing
 * for seconds, so credential stuffing from many addresses costs bounded CPU and memory (19 MiB
 * each) and a person's sign-in stays quick.
 */
const gate = {
  running: 0,
  limit: Math.max(1, Math.min(availableParallelism() - 1, 3)),
  waitingLimit: 4,
  waiting: [] as (() => void)[],
};

/** Sets how many password checks may wait for a free slot (PASSWORD_CHECK_QUEUE). */
export function setPasswordQueueLimit(waiting: number): void {
  gate.waitingLimit = waiting;
}

function busy(): ApiError {
  return new ApiError(429, "busy", "auth.busy", { headers: { "Retry-After": "1" } });
}

/**
 * Refuses at once, before any database work, a sign-in that would find the password line full:
 * under a flood the refusals then cost no query. (The line is checked again when the password is.)
 */
export function assertPasswordCheckRoom(): void {
  if (gate.running >= gate.limit && gate.waiting.length >= gate.waitingLimit) throw busy();
}

async function throughGate<T>(work: () => Promise<T>): Promise<T> {
  if (gate.running >= gate.limit) {
    if (gate.waiting.length >= gate.waitingLimit) throw busy();
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running++;
  }
  try {
    return await work();
  } finally {
    const next = gate.waiting.shift();
    // The slot passes straight to the next in line; with nobody waiting it is freed.
    if (next) next();
    else gate.running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return throughGate(() => hashOnThread(password, PASSWORD_HASH_OPTIONS));
}

/** Whether `password` matches a stored hash; a malformed hash is a mismatch, not a crash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return throughGate(async () => {
    try {
      return await verifyOnThread(storedHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret with the same parameters: checking a password against it for an
 * unknown e-mail takes as long as for a real account, so timing does not tell them apart.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashOnThread(randomBytes(32).toString("base64url"), PASSWORD_HASH_OPTIONS);
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
