import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { verifyPassword } from "#server/modules/accounts/passwords.ts";
import { signIn, signUpCustomer, type TestAccount } from "#tests/helpers/accounts.ts";
import { createTestApp, dropTestDatabases, freshPostgresDatabase } from "#tests/helpers/app.ts";

const run = promisify(execFile);
const postgresServer =
  process.env.TEST_DATABASE_URL ??
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);

/** `npm run admin -- …` as an operator runs it, with the given database settings. */
async function admin(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function storedUsers(env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  const database = await openDatabase({ url: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? "memory://" });
  try {
    return await database.db.select().from(users);
  } finally {
    await database.close();
  }
}

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await dropTestDatabases();
});

// Each run starts Node with tsx and opens the database: seconds each on a busy machine.
describe("npm run admin -- create (DESIGN D7)", { timeout: 120_000 }, () => {
  const pglite = async () => {
    const folder = mkdtempSync(join(tmpdir(), "admin-cmd-"));
    folders.push(folder);
    return { DATA_DIR: folder };
  };
  const postgres = async () => ({ DATABASE_URL: await freshPostgresDatabase(postgresServer!) });

  it("creates the admin, then leaves it as it is, with DATA_DIR (PGlite)", async () => {
    await createThenRepeat(await pglite());
  });

  it.skipIf(!postgresServer)("creates the admin, then leaves it as it is, with DATABASE_URL (PostgreSQL)", async () => {
    await createThenRepeat(await postgres());
  });

  async function createThenRepeat(env: Record<string, string>) {
    const created = await admin(
      ["create", "--email", "Owner@Nawat.Studio", "--password", "owner password", "--first-name", "Huda"],
      env,
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created the admin account Owner@Nawat.Studio");
    let [owner] = await storedUsers(env);
    expect(owner).toMatchObject({ email: "Owner@Nawat.Studio", firstName: "Huda", lastName: "Admin", isAdmin: true });
    expect(owner!.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(owner!.passwordHash, "owner password")).toBe(true);

    const again = await admin(["create", "--email", "owner@nawat.studio", "--password", "changed password"], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already an admin");
    [owner] = await storedUsers(env);
    expect(await verifyPassword(owner!.passwordHash, "owner password")).toBe(true);
  }

  it("refuses an unverified account that signed up first, and promotes a verified one with the given password, ending its sessions", async () => {
    const env = await pglite();
    // The app signs up on the same PGlite folder the command opens, even in the PostgreSQL run
    // (TEST_DATABASE_URL would otherwise give the app a database of its own).
    const before = await createTestApp({ ...env, DATABASE_URL: "", SIGNUPS_PER_HOUR: "10" });
    let squatter: TestAccount;
    try {
      squatter = await signUpCustomer(before, { email: "owner@nawat.studio", password: "squatter's own password" });
    } finally {
      await before.close();
    }
    const args = ["create", "--email", "Owner@Nawat.Studio", "--password", "operator password"];

    const refused = await admin(args, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Not done: Owner@Nawat.Studio already has an account whose e-mail address was never verified",
    );
    let [owner] = await storedUsers(env);
    expect(owner!.isAdmin).toBe(false);
    expect(await verifyPassword(owner!.passwordHash, "squatter's own password")).toBe(true);

    const verify = await openDatabase({ dataDir: env.DATA_DIR });
    await verify.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner!.id));
    await verify.close();
    const promoted = await admin(args, env);
    expect(promoted.stderr).toBe("");
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(
      "it is now an admin, its password is now the one given, and 1 session(s) of it were ended",
    );
    [owner] = await storedUsers(env);
    expect(owner!.isAdmin).toBe(true);
    expect(await verifyPassword(owner!.passwordHash, "squatter's own password")).toBe(false);

    const after = await createTestApp({ ...env, DATABASE_URL: "" });
    try {
      expect((await after.inject({ url: "/api/auth/me", headers: squatter.bearer })).statusCode).toBe(401);
      const old = await after.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { email: "owner@nawat.studio", password: "squatter's own password" },
      });
      expect(old.statusCode).toBe(401);
      const operator = await signIn(after, "owner@nawat.studio", "operator password");
      expect((await after.inject({ url: "/api/auth/me", headers: operator.bearer })).json().isAdmin).toBe(true);
    } finally {
      await after.close();
    }
  });

  it("refuses bad input with the reason and the usage, touching nothing", async () => {
    const folder = mkdtempSync(join(tmpdir(), "admin-cmd-"));
    folders.push(folder);
    const bad = await admin(["create", "--email", "owner@", "--password", "short"], { DATA_DIR: folder });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--email: Invalid email address");
    expect(bad.stderr).toContain("--password: the password must be at least 8 characters");
    expect(bad.stderr).toContain("usage: npm run admin -- create");
    const missing = await admin([], { DATA_DIR: folder });
    expect(missing.code).toBe(2);
  });
});

describe("npm run admin with a malformed DATABASE_URL", { timeout: 120_000 }, () => {
  it("names the variable without its password", async () => {
    const result = await admin(["create", "--email", "owner@nawat.studio", "--password", "owner password"], {
      DATABASE_URL: "postgres//user:pass@host/db",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "postgres//user:***@host/db")',
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain("pass@");
    expect(`${result.stdout}${result.stderr}`).not.toContain(":pass");
  });
});
