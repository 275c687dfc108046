import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, sessions, users } from "#server/db/schema/accounts.ts";
import { createAdmin } from "#server/modules/accounts/create-admin.ts";
import { purgeAccountTokens } from "#server/modules/accounts/account-tokens.ts";
import { purgeExpiredSessions } from "#server/modules/accounts/sessions.ts";
import { tokenId } from "#server/modules/accounts/tokens.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { createTestApp, freshPostgresDatabase } from "#tests/helpers/app.ts";
import { signIn, signUpCustomer } from "#tests/helpers/accounts.ts";

describe("the account API (/api/account)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ SIGNUPS_PER_HOUR: "1000", SIGNIN_PER_MINUTE: "1000" });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    method: "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ) =>
    app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    });

  it("answers 401 to every route when signed out", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/account"],
      ["PATCH", "/api/account"],
      ["POST", "/api/account/password"],
      ["POST", "/api/account/signout-everywhere"],
      ["GET", "/api/account/wishlist"],
      ["PUT", "/api/account/wishlist"],
      ["DELETE", "/api/account/wishlist/nawat"],
    ];
    for (const [method, url] of routes) {
      const response = await app.inject({ method: method as "GET", url, headers: { "accept-language": "ar" } });
      expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} 401`);
      expect(response.json()).toEqual({ error: { code: "unauthorized", message: ar.errors.unauthorized } });
    }
  });

  it("shows the account and saves name, phone and country; e-mail and role cannot be changed here", async () => {
    const customer = await signUpCustomer(app, { firstName: "Maha", phone: "+966 55 111 2222" });
    const shown = await app.inject({ url: "/api/account", headers: customer.bearer });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect(shown.json()).toEqual({
      account: {
        firstName: "Maha",
        lastName: "Al-Qahtani",
        email: customer.email,
        phone: "+966 55 111 2222",
        country: "Saudi Arabia",
        emailVerified: false,
        isAdmin: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });

    const saved = await send("PATCH", "/api/account", customer.cookie, {
      lastName: "  Al-Harbi ",
      phone: "",
      country: "Bahrain",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      account: { firstName: "Maha", lastName: "Al-Harbi", phone: null, country: "Bahrain" },
      user: { firstName: "Maha", lastName: "Al-Harbi", email: customer.email, isAdmin: false },
      message: en.account.updated,
    });
    const me = await app.inject({ url: "/api/auth/me", headers: customer.cookie });
    expect(me.json().lastName).toBe("Al-Harbi");

    const sneaky = await send("PATCH", "/api/account", customer.cookie, { isAdmin: true, email: "x@example.sa" });
    expect(sneaky.statusCode).toBe(400);
    expect(Object.keys(sneaky.json().error.fields).sort()).toEqual(["email", "isAdmin"]);
    const short = await send(
      "PATCH",
      "/api/account",
      { ...customer.cookie, "accept-language": "ar" },
      { firstName: "M" },
    );
    expect(short.json().error.fields).toEqual({ firstName: ar.auth.firstName.min });
    const nothing = await send("PATCH", "/api/account", customer.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(en.account.update.empty);
  });

  it("changes the password with the current one: other sessions end, this one stays", async () => {
    const customer = await signUpCustomer(app, { password: "first password" });
    const phone = await signIn(app, customer.email, "first password");

    const wrong = await send("POST", "/api/account/password", customer.cookie, {
      currentPassword: "not it",
      newPassword: "second password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        code: "incorrect_password",
        message: en.account.currentPassword.incorrect,
        fields: { currentPassword: en.account.currentPassword.incorrect },
      },
    });

    const changed = await send("POST", "/api/account/password", customer.cookie, {
      currentPassword: "first password",
      newPassword: "second password",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: en.account.passwordChanged });
    expect((await app.inject({ url: "/api/auth/me", headers: customer.cookie })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/auth/me", headers: phone.bearer })).statusCode).toBe(401);
    await expect(signIn(app, customer.email, "first password")).rejects.toThrow(/401/);
    await signIn(app, customer.email, "second password");
  });

  it("signs out everywhere: every session ends, this one included, and the cookie is cleared", async () => {
    const customer = await signUpCustomer(app);
    const tablet = await signIn(app, customer.email, customer.password);
    const response = await send("POST", "/api/account/signout-everywhere", customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.account.signedOutEverywhere });
    expect(response.cookies.find((c) => c.name === "session")?.value).toBe("");
    for (const session of [customer, tablet]) {
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(401);
    }
  });

  it("keeps a wishlist: merges the browser's list (a union, unknown products dropped), lists and removes", async () => {
    const customer = await signUpCustomer(app);
    const empty = await app.inject({ url: "/api/account/wishlist", headers: customer.cookie });
    expect(empty.json()).toEqual({ productIds: [] });

    const merged = await send("PUT", "/api/account/wishlist", customer.cookie, {
      productIds: ["sanam", "retired-bowl"],
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ productIds: ["sanam"] });
    const again = await send("PUT", "/api/account/wishlist", customer.bearer, { productIds: ["nawat", "sanam"] });
    expect(again.json()).toEqual({ productIds: ["sanam", "nawat"] });

    const removed = await send("DELETE", "/api/account/wishlist/sanam", customer.cookie);
    expect(removed.json()).toEqual({ productIds: ["nawat"] });
    const absent = await send("DELETE", "/api/account/wishlist/sanam", customer.cookie);
    expect(absent.json()).toEqual({ productIds: ["nawat"] });

    const bad = await send("PUT", "/api/account/wishlist", customer.cookie, { productIds: ["<script>"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ "productIds.0": en.account.wishlist.invalid });

    // Another account's list is its own.
    const other = await signUpCustomer(app);
    expect((await app.inject({ url: "/api/account/wishlist", headers: other.cookie })).json()).toEqual({
      productIds: [],
    });
  });
});

describe("admin bootstrap (DESIGN D7)", () => {
  it("creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD at start; a second run leaves it as it is", async () => {
    const app = await createTestApp({ ADMIN_EMAIL: "owner@nawat.studio", ADMIN_PASSWORD: "studio owner password" });
    try {
      const admin = await signIn(app, "Owner@nawat.studio", "studio owner password");
      const me = await app.inject({ url: "/api/auth/me", headers: admin.bearer });
      expect(me.json()).toEqual({ firstName: "Studio", lastName: "Admin", email: "owner@nawat.studio", isAdmin: true });
      expect(await createAdmin(app.db, { email: "owner@nawat.studio", password: "another password" })).toEqual({
        outcome: "unchanged",
      });
      await signIn(app, "owner@nawat.studio", "studio owner password");
      expect((await app.inject({ url: "/api/auth/me", headers: admin.bearer })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/**
 * Issue 37's race: someone signs up with the address the operator will make admin, with a password
 * of their choosing, before the operator sets ADMIN_EMAIL. Two apps on one database: the first is
 * the site before the operator acts, the second the same site restarted with ADMIN_EMAIL.
 */
describe("admin promotion of an account that signed up first (issue 37)", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  async function sharedDatabase(): Promise<Record<string, string>> {
    if (process.env.TEST_DATABASE_URL)
      return { DATABASE_URL: await freshPostgresDatabase(process.env.TEST_DATABASE_URL) };
    const folder = mkdtempSync(join(tmpdir(), "admin-race-"));
    folders.push(folder);
    return { DATA_DIR: folder };
  }

  const adminEnv = { ADMIN_EMAIL: "owner@nawat.studio", ADMIN_PASSWORD: "the operator's password" };

  /** The squatter's account and a second session of it, on the site before the operator acts. */
  async function squat(database: Record<string, string>, verified: boolean) {
    const before = await createTestApp({ ...database, SIGNUPS_PER_HOUR: "10" });
    try {
      const squatter = await signUpCustomer(before, {
        email: "Owner@Nawat.Studio",
        password: "squatter's own password",
      });
      const second = await signIn(before, squatter.email, squatter.password);
      if (verified) {
        await before.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, squatter.email));
      }
      return [squatter, second] as const;
    } finally {
      await before.close();
    }
  }

  /** The log lines of an app, as JSON objects. */
  function logLines() {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    return { lines, stream };
  }

  it("a verified account: promoted with ADMIN_PASSWORD, its own password and every session gone, and logged", async () => {
    const database = await sharedDatabase();
    const sessionsOf = await squat(database, true);
    const log = logLines();
    const app = await createTestApp({ ...database, ...adminEnv, LOG_LEVEL: "info" }, { logStream: log.stream });
    try {
      for (const session of sessionsOf) {
        expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(401);
        expect((await app.inject({ url: "/api/auth/me", headers: session.cookie })).statusCode).toBe(401);
      }
      const old = await app.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { email: "owner@nawat.studio", password: "squatter's own password" },
      });
      expect(old.statusCode).toBe(401);
      expect(old.json().error.code).toBe("invalid_credentials");
      const admin = await signIn(app, "owner@nawat.studio", adminEnv.ADMIN_PASSWORD);
      expect((await app.inject({ url: "/api/auth/me", headers: admin.bearer })).json().isAdmin).toBe(true);
      expect((await app.inject({ url: "/api/admin/dashboard", headers: admin.bearer })).statusCode).toBe(200);
      expect(log.lines).toContainEqual(
        expect.objectContaining({ level: 40, email: "owner@nawat.studio", outcome: "promoted", sessionsEnded: 2 }),
      );
    } finally {
      await app.close();
    }
  });

  it("an unverified account: refused with the reason in the log; the squatter is no admin and ADMIN_PASSWORD opens nothing", async () => {
    const database = await sharedDatabase();
    const [squatter] = await squat(database, false);
    const log = logLines();
    const app = await createTestApp({ ...database, ...adminEnv, LOG_LEVEL: "info" }, { logStream: log.stream });
    try {
      const me = await app.inject({ url: "/api/auth/me", headers: squatter.bearer });
      expect(me.json().isAdmin).toBe(false);
      expect((await app.inject({ url: "/api/admin/dashboard", headers: squatter.bearer })).statusCode).toBe(403);
      const withAdminPassword = await app.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { email: "owner@nawat.studio", password: adminEnv.ADMIN_PASSWORD },
      });
      expect(withAdminPassword.statusCode).toBe(401);
      const refusal = log.lines.find((line) => line.outcome === "refused");
      expect(refusal).toMatchObject({ level: 50, email: "owner@nawat.studio" });
      expect(String(refusal?.msg)).toContain("was never verified, so it was not made an admin");
      // The site runs all the same.
      expect((await app.inject({ url: "/api/products" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("createAdmin: an unverified account is refused, then promoted once verified, its sessions ended", async () => {
    const app = await createTestApp({ SIGNUPS_PER_HOUR: "10" });
    try {
      const customer = await signUpCustomer(app, { email: "manager@nawat.studio", password: "own password" });
      expect(await createAdmin(app.db, { email: "MANAGER@nawat.studio", password: "admin password" })).toEqual({
        outcome: "refused",
        reason: "unverified",
      });
      expect((await app.inject({ url: "/api/auth/me", headers: customer.bearer })).json().isAdmin).toBe(false);
      await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, customer.email));
      expect(await createAdmin(app.db, { email: "MANAGER@nawat.studio", password: "admin password" })).toEqual({
        outcome: "promoted",
        sessionsEnded: 1,
      });
      expect((await app.inject({ url: "/api/auth/me", headers: customer.bearer })).statusCode).toBe(401);
      await signIn(app, customer.email, "admin password");
    } finally {
      await app.close();
    }
  });
});

describe("purging expired sessions and links", () => {
  it("removes sessions past either deadline and links expired or used over a day ago, and nothing else", async () => {
    const app = await createTestApp({ SIGNUPS_PER_HOUR: "10" });
    try {
      const live = await signUpCustomer(app);
      const idle = await signUpCustomer(app);
      const old = await signUpCustomer(app);
      const past = new Date(Date.now() - 1000);
      await app.db
        .update(sessions)
        .set({ idleExpiresAt: past })
        .where(eq(sessions.id, tokenId(idle.token)));
      await app.db
        .update(sessions)
        .set({ expiresAt: past })
        .where(eq(sessions.id, tokenId(old.token)));
      expect(await purgeExpiredSessions(app.db)).toBe(2);
      const left = await app.db.select({ id: sessions.id }).from(sessions);
      expect(left).toEqual([{ id: tokenId(live.token) }]);

      const [liveUser] = await app.db.select().from(users).where(eq(users.email, live.email));
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await app.db.update(accountTokens).set({ expiresAt: twoDaysAgo }).where(eq(accountTokens.userId, liveUser!.id));
      expect(await purgeAccountTokens(app.db)).toBe(1);
      expect((await app.db.select().from(accountTokens)).length).toBe(2);
    } finally {
      await app.close();
    }
  });
});
