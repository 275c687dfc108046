import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, sessions, users } from "#server/db/schema/accounts.ts";
import { tokenId } from "#server/modules/accounts/tokens.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { signIn, signUpCustomer } from "#tests/helpers/accounts.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";

const SITE = "https://nawat.studio";

/** The link of an account e-mail, read from its plain-text part as a person would copy it. */
function linkIn(mail: ParsedMail, page: "verify-email" | "reset-password"): { url: string; token: string } {
  const match = new RegExp(`(https://nawat\\.studio(?:/ar)?/auth/${page})#token=([A-Za-z0-9_-]+)`).exec(
    mail.text ?? "",
  );
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return { url: match[1]!, token: match[2]! };
}

describe("accounts: e-mailed links (verification, password reset)", () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({
      SMTP_URL: smtp.url,
      SITE_URL: SITE,
      SIGNUPS_PER_HOUR: "1000",
      SIGNIN_PER_MINUTE: "1000",
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const sameSite = { origin: SITE };
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url,
      payload: JSON.stringify(body),
      headers: { "content-type": "application/json", ...sameSite, ...headers },
    });

  /** Waits for an e-mail to `to` carrying a `page` link, received after the first `after` (the outbox sends in the background). */
  async function nextMailTo(
    to: string,
    after: number,
    page: "verify-email" | "reset-password" = "verify-email",
  ): Promise<ParsedMail> {
    for (let count = after + 1; ; count++) {
      const messages = await smtp.waitFor(count);
      const found = messages
        .slice(after)
        .find((mail) => JSON.stringify(mail.to).includes(to) && (mail.text ?? "").includes(`/auth/${page}#`));
      if (found) return found;
    }
  }

  it("sends a verification link at sign-up; following it verifies the e-mail once, then the link is spent", async () => {
    const before = smtp.messages.length;
    const customer = await signUpCustomer(app, { email: "reem@example.sa", firstName: "Reem" }, sameSite);
    const mail = await nextMailTo("reem@example.sa", before);
    expect(mail.subject).toBe("Confirm your email address for Nawat Studio");
    expect(mail.text).toContain("Welcome, Reem");
    expect(mail.html).toContain('lang="en"');
    const link = linkIn(mail, "verify-email");
    expect(link.url).toBe(`${SITE}/auth/verify-email`);
    expect(mail.html).toContain(`href="${SITE}/auth/verify-email#token=${link.token}"`);

    const account = async () => (await app.inject({ url: "/api/account", headers: customer.cookie })).json().account;
    expect((await account()).emailVerified).toBe(false);

    const verified = await post("/api/auth/verify-email", { token: link.token }, customer.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: en.auth.emailVerified,
      user: { firstName: "Reem", lastName: "Al-Qahtani", email: "reem@example.sa", isAdmin: false },
    });
    expect((await account()).emailVerified).toBe(true);

    const again = await post("/api/auth/verify-email", { token: link.token }, { "accept-language": "ar" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: "invalid_token", message: ar.auth.invalidToken } });
  });

  it("writes an Arabic account's e-mails in Arabic, right to left, with the /ar link", async () => {
    const before = smtp.messages.length;
    await signUpCustomer(app, { email: "faisal@example.sa", firstName: "فيصل", lang: "ar" }, sameSite);
    const mail = await nextMailTo("faisal@example.sa", before);
    expect(mail.subject).toBe("أكّد بريدك الإلكتروني في استوديو نواة");
    expect(mail.text).toContain("أهلًا فيصل");
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail, "verify-email").url).toBe(`${SITE}/ar/auth/verify-email`);
  });

  it("refuses an expired or unknown verification link", async () => {
    const before = smtp.messages.length;
    const customer = await signUpCustomer(app, { email: "late@example.sa" }, sameSite);
    const { token } = linkIn(await nextMailTo("late@example.sa", before), "verify-email");
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, tokenId(token)));
    const expired = await post("/api/auth/verify-email", { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe("invalid_token");
    const unknown = await post("/api/auth/verify-email", { token: "A".repeat(43) });
    expect(unknown.json().error).toEqual({ code: "invalid_token", message: en.auth.invalidToken });
    const account = (await app.inject({ url: "/api/account", headers: customer.cookie })).json().account;
    expect(account.emailVerified).toBe(false);
  });

  it("resends a verification link to a signed-in account (202), and only while it is unverified", async () => {
    const before = smtp.messages.length;
    const customer = await signUpCustomer(app, { email: "resend@example.sa" }, sameSite);
    await nextMailTo("resend@example.sa", before);
    const signedOut = await post("/api/auth/resend-verification", {});
    expect(signedOut.statusCode).toBe(401);
    const resent = await post("/api/auth/resend-verification", {}, customer.cookie);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ message: en.auth.verificationSent });
    const mail = await nextMailTo("resend@example.sa", before + 1);
    const verified = await post("/api/auth/verify-email", { token: linkIn(mail, "verify-email").token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: en.auth.emailVerified });
    const done = await post("/api/auth/resend-verification", {}, customer.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: en.auth.alreadyVerified });
  });

  it("answers forgot-password the same for a known and an unknown e-mail, and mails only the account", async () => {
    const customer = await signUpCustomer(app, { email: "forgetful@example.sa", firstName: "Lama" }, sameSite);
    const before = smtp.messages.length;
    const known = await post("/api/auth/forgot-password", { email: "FORGETFUL@example.sa" });
    const unknown = await post("/api/auth/forgot-password", { email: "nobody@example.sa" });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: en.auth.resetSent });
    const arabic = await post("/api/auth/forgot-password", { email: "nobody@example.sa", lang: "ar" });
    expect(arabic.json()).toEqual({ message: ar.auth.resetSent });

    const mail = await nextMailTo("forgetful@example.sa", before, "reset-password");
    expect(mail.subject).toBe("Reset your Nawat Studio password");
    expect(mail.text).toContain("Hello Lama");
    expect(mail.text).toContain("30 minutes");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = smtp.messages.map((m) => JSON.stringify(m.to));
    expect(sent.some((to) => to.includes("nobody@example.sa"))).toBe(false);
    expect(sent.filter((to) => to.includes(customer.email))).toHaveLength(2);
  });

  it("resets the password with the link once: every session ends, the new password works, the old does not", async () => {
    const customer = await signUpCustomer(app, { email: "reset@example.sa", password: "old password" }, sameSite);
    const laptop = await signIn(app, customer.email, "old password");
    const before = smtp.messages.length;
    await post("/api/auth/forgot-password", { email: customer.email });
    const { token } = linkIn(await nextMailTo(customer.email, before, "reset-password"), "reset-password");

    const weak = await post("/api/auth/reset-password", { token, password: "123" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: en.auth.password.min });

    const reset = await post("/api/auth/reset-password", { token, password: "new password" }, customer.cookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: en.auth.passwordReset });
    expect(reset.cookies.find((c) => c.name === "__Host-session")?.value).toBe("");

    for (const session of [customer, laptop]) {
      expect((await app.inject({ url: "/api/auth/me", headers: session.bearer })).statusCode).toBe(401);
    }
    const [row] = await app.db.select().from(users).where(eq(users.email, customer.email));
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toEqual([]);
    // The link proved the mailbox.
    expect(row!.emailVerifiedAt).not.toBeNull();

    expect((await post("/api/auth/signin", { email: customer.email, password: "old password" })).statusCode).toBe(401);
    expect((await post("/api/auth/signin", { email: customer.email, password: "new password" })).statusCode).toBe(200);

    const reused = await post("/api/auth/reset-password", { token, password: "third password" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("invalid_token");
  });

  it("lets a reset link expire after 30 minutes, and retires older links once one is used", async () => {
    const customer = await signUpCustomer(app, { email: "twice@example.sa", password: "old password" }, sameSite);
    let before = smtp.messages.length;
    await post("/api/auth/forgot-password", { email: customer.email });
    const first = linkIn(await nextMailTo(customer.email, before, "reset-password"), "reset-password").token;
    before = smtp.messages.length;
    await post("/api/auth/forgot-password", { email: customer.email });
    const second = linkIn(await nextMailTo(customer.email, before, "reset-password"), "reset-password").token;
    before = smtp.messages.length;
    await post("/api/auth/forgot-password", { email: customer.email });
    const third = linkIn(await nextMailTo(customer.email, before, "reset-password"), "reset-password").token;

    const [stored] = await app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.id, tokenId(third)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(30 * 60 * 1000);
    await app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.id, tokenId(third)));
    expect((await post("/api/auth/reset-password", { token: third, password: "new password" })).statusCode).toBe(400);

    expect((await post("/api/auth/reset-password", { token: second, password: "new password" })).statusCode).toBe(200);
    expect((await post("/api/auth/reset-password", { token: first, password: "other password" })).statusCode).toBe(400);
  });

  it("sends no reset link to a disabled account, and refuses one issued before it was disabled", async () => {
    const customer = await signUpCustomer(app, { email: "blocked@example.sa" }, sameSite);
    const before = smtp.messages.length;
    await post("/api/auth/forgot-password", { email: customer.email });
    const { token } = linkIn(await nextMailTo(customer.email, before, "reset-password"), "reset-password");
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, customer.email));
    expect((await post("/api/auth/reset-password", { token, password: "new password" })).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const count = smtp.messages.length;
    const answer = await post("/api/auth/forgot-password", { email: customer.email });
    expect(answer.json()).toEqual({ message: en.auth.resetSent });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(count);
  });
});
