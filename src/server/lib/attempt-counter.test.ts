import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { memoryAttemptCounter, memoryAttemptGate, redisAttemptCounter, redisAttemptGate } from "./attempt-counter.ts";

const window = 15 * 60 * 1000;

describe("memoryAttemptCounter", () => {
  it("counts hits in a window that starts with the first, reads without counting, and clears", async () => {
    const counter = memoryAttemptCounter(window);
    expect(await counter.get("a@example.sa")).toEqual({ count: 0, resetInMs: 0 });
    expect((await counter.hit("a@example.sa")).count).toBe(1);
    const second = await counter.hit("a@example.sa");
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(window - 5000);
    expect(second.resetInMs).toBeLessThanOrEqual(window);
    expect((await counter.get("a@example.sa")).count).toBe(2);
    expect((await counter.get("b@example.sa")).count).toBe(0);
    await counter.clear("a@example.sa");
    expect(await counter.get("a@example.sa")).toEqual({ count: 0, resetInMs: 0 });
  });

  it("refuses a window that is not whole seconds", () => {
    expect(() => memoryAttemptCounter(1500)).toThrow(/whole seconds/);
  });
});

describe("redisAttemptCounter while Redis is not connected", () => {
  const clients: Redis[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  it("counts in memory at once and reports the outage", async () => {
    // Never connected (lazyConnect): the state an outage leaves the client in.
    const redis = new Redis(6379, "127.0.0.1", { enableOfflineQueue: false, lazyConnect: true });
    clients.push(redis);
    const failures: unknown[] = [];
    const counter = redisAttemptCounter(redis, "test-counter", window, (error) => failures.push(error));
    const started = Date.now();
    for (let i = 1; i <= 3; i++) expect((await counter.hit("10.0.0.1")).count).toBe(i);
    expect((await counter.get("10.0.0.1")).count).toBe(3);
    await counter.clear("10.0.0.1");
    expect((await counter.get("10.0.0.1")).count).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failures.length).toBeGreaterThan(0);
  });
});

describe("attempt gates", () => {
  const clients: Redis[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  it.each([
    ["in memory", () => memoryAttemptGate()],
    [
      "in Redis while it is not connected (memory meanwhile)",
      () => {
        const redis = new Redis(6379, "127.0.0.1", { enableOfflineQueue: false, lazyConnect: true });
        clients.push(redis);
        return redisAttemptGate(redis, "test-gate", () => undefined);
      },
    ],
  ])("%s: one claim at a time, none while held, free again once the hold ends or is cleared", async (_, make) => {
    const gate = make();
    expect(await gate.claim("a", 1000)).toEqual({ allowed: true });
    const second = await gate.claim("a", 1000);
    expect(second.allowed).toBe(false);
    expect(second.allowed === false && second.retryInMs).toBeGreaterThan(0);
    expect(second.allowed === false && second.retryInMs).toBeLessThanOrEqual(1000);
    expect(await gate.claim("b", 1000)).toEqual({ allowed: true });

    await gate.hold("a", 3000);
    const held = await gate.claim("a", 1000);
    expect(held.allowed === false && held.retryInMs).toBeGreaterThan(2000);
    await gate.clear("a");
    expect(await gate.claim("a", 1000)).toEqual({ allowed: true });

    await gate.hold("c", 1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await gate.claim("c", 1000)).toEqual({ allowed: true });
  });
});
