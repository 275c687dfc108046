import { parseOptions } from "@node-rs/argon2";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "#server/lib/api-error.ts";
import {
  assertPasswordCheckRoom,
  checkPassword,
  hashPassword,
  setPasswordQueueLimit,
  verifyPassword,
} from "./passwords.ts";
import { PASSWORD_THREAD_NICE, passwordThreadNice } from "./password-threads.ts";

afterEach(() => setPasswordQueueLimit(4));

describe("passwords (DESIGN D6)", () => {
  it("hashes with argon2id, m=19456 KiB, t=2, p=1, and verifies", async () => {
    const stored = await hashPassword("walnut and dates");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(stored, "walnut and dates")).toBe(true);
    expect(await verifyPassword(stored, "walnut and date")).toBe(false);
    expect(await verifyPassword("not a hash", "walnut and dates")).toBe(false);
  });

  it("computes argon2 on a thread at a lowered priority, not on the event loop's", async () => {
    expect(PASSWORD_THREAD_NICE).toBe(10);
    // Ten below the event loop's thread, which keeps its own priority (whatever nice the tests run at).
    const { getPriority } = await import("node:os");
    const loop = getPriority(0);
    expect(await passwordThreadNice()).toBe(Math.min(19, loop + PASSWORD_THREAD_NICE));
    expect(loop).toBeLessThan(19);
    expect(await passwordThreadNice()).toBeGreaterThan(loop);
  });

  it("checks an unknown account's password against a dummy hash: false, at the cost of a real check", async () => {
    const stored = await hashPassword("walnut and dates");
    await checkPassword(undefined, "warm-up");
    const time = async (hash: string | undefined) => {
      const started = performance.now();
      await checkPassword(hash, "a guess");
      return performance.now() - started;
    };
    expect(await checkPassword(undefined, "walnut and dates")).toBe(false);
    // Medians of interleaved runs: one pair of single checks on a busy machine (the password threads
    // run at a low priority) can land a scheduler stall on either side.
    const unknowns: number[] = [];
    const knowns: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknowns.push(await time(undefined));
      knowns.push(await time(stored));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknowns)).toBeGreaterThan(median(knowns) / 4);
  });

  it("turns checks away with 429 busy once the waiting line is full, and serves the rest", async () => {
    const stored = await hashPassword("walnut and dates");
    setPasswordQueueLimit(2);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => verifyPassword(stored, "walnut and dates")),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    const served = results
      .filter((r) => r.status === "fulfilled")
      .map((r) => (r as PromiseFulfilledResult<boolean>).value);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThanOrEqual(3);
    expect(served.every(Boolean)).toBe(true);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 429, code: "busy", options: { headers: { "Retry-After": "1" } } });
    }
    // Once the line has drained, checks run again.
    expect(await verifyPassword(stored, "walnut and dates")).toBe(true);
  });

  it("tells before any lookup whether the line has room: a sign-in is refused up front while it is full", async () => {
    const stored = await hashPassword("walnut and dates");
    setPasswordQueueLimit(1);
    expect(() => assertPasswordCheckRoom()).not.toThrow();
    const inFlight = Array.from({ length: 8 }, () => verifyPassword(stored, "walnut and dates").catch(() => false));
    expect(() => assertPasswordCheckRoom()).toThrow(expect.objectContaining({ statusCode: 429, code: "busy" }));
    await Promise.all(inFlight);
    expect(() => assertPasswordCheckRoom()).not.toThrow();
  });
});
