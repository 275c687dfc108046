import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { inquiries, orders, proposals, users } from "#server/db/schema.ts";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "seed-demo-test-"));

/** `npm run seed:demo -- …` as an operator runs it, on a PGlite folder. */
const seed = (args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/seed-demo.ts", ...args], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
  });

describe("npm run seed:demo", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("adds bilingual customers, orders and leads once, and nothing the second time", async () => {
    const first = await seed(["--users", "40", "--orders", "30", "--leads", "20"]);
    expect(first.stdout).toContain("40 users, 30 orders and 20 leads added");
    const second = await seed(["--users", "40", "--orders", "30", "--leads", "20"]);
    expect(second.stdout).toContain("0 users, 0 orders and 0 leads added");

    const database = await openDatabase({ dataDir });
    try {
      const people = await database.db.select().from(users);
      expect(people).toHaveLength(40);
      expect(people.some((user) => /[\u0600-\u06ff]/.test(user.firstName))).toBe(true);
      expect(people.some((user) => /^[A-Z][a-z]+$/.test(user.firstName))).toBe(true);
      for (const user of people.filter((u) => u.phone)) expect(user.phone).toMatch(/^\+966 5\d \d{3} \d{4}$/);
      expect(people.every((user) => !user.isAdmin && user.passwordHash.startsWith("$argon2id$"))).toBe(true);

      const sales = await database.db.select().from(orders);
      expect(sales).toHaveLength(30);
      for (const order of sales) {
        expect(order.totalAmountHalalas).toBe(order.unitAmountHalalas * order.quantity);
        expect(order.vatHalalas).toBe(Math.round((order.totalAmountHalalas * 15) / 115));
        expect(order.paidAt !== null).toBe(order.status === "paid" || order.status === "refunded");
      }
      const leads =
        (await database.db.select().from(inquiries)).length + (await database.db.select().from(proposals)).length;
      expect(leads).toBe(20);
    } finally {
      await database.close();
    }
  }, 120_000);
});
