import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit.ts";

describe("groupCommit", () => {
  it("writes what arrives while a batch is being written in one next batch", async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (batch: number[]) => {
      batches.push(batch);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, write(2), write(3), write(4)]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("starts the next batch while one is being written, never more than `concurrency` at once", async () => {
    const batches: number[][] = [];
    let writing = 0;
    let mostAtOnce = 0;
    const write = groupCommit(
      async (batch: number[]) => {
        batches.push(batch);
        mostAtOnce = Math.max(mostAtOnce, ++writing);
        await new Promise((resolve) => setTimeout(resolve, 20));
        writing--;
      },
      { concurrency: 2 },
    );
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = write(2);
    await new Promise((resolve) => setImmediate(resolve));
    // Both writers busy: these wait, and the first writer to finish takes them together.
    await Promise.all([first, second, write(3), write(4), write(5)]);
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    expect(mostAtOnce).toBe(2);
  });

  it("with a concurrency of one, writes one batch at a time", async () => {
    const batches: number[][] = [];
    const write = groupCommit(
      async (batch: number[]) => {
        batches.push(batch);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
      { concurrency: 1 },
    );
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = write(2);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, second, write(3)]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("caps a batch at maxBatch", async () => {
    const batches: number[][] = [];
    const write = groupCommit(async (batch: number[]) => void batches.push(batch), { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map(write));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("fails only the item the database refuses: a failed batch is retried item by item", async () => {
    const write = groupCommit(async (batch: number[]) => {
      if (batch.includes(13)) throw new Error("refused");
    });
    const results = await Promise.allSettled([12, 13, 14].map(write));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
