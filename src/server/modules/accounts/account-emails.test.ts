import { describe, expect, it } from "vitest";
import { accountLink, passwordResetEmail, verificationEmail } from "./account-emails.ts";
import { renderEmail } from "#server/modules/notifications/render-email.tsx";

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio/" };
const token = "dGhpcy1pcy1hLXRlc3QtdG9rZW4tb2YtNDMtY2hhcnMx";

describe("account e-mails", () => {
  it("puts the token in the link's fragment, on the page of the account's language", () => {
    expect(accountLink("https://nawat.studio/", "en", "verify-email", token)).toBe(
      `https://nawat.studio/auth/verify-email#token=${token}`,
    );
    expect(accountLink("https://nawat.studio", "ar", "reset-password", token)).toBe(
      `https://nawat.studio/ar/auth/reset-password#token=${token}`,
    );
  });

  it("writes the verification e-mail in English, with the link as a button and as text", () => {
    const mail = renderEmail(verificationEmail({ lang: "en", firstName: "Reem", token }, studio));
    expect(mail.subject).toBe("Confirm your email address for Nawat Studio");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(`href="https://nawat.studio/auth/verify-email#token=${token}"`);
    expect(mail.html).toContain("Confirm My Email");
    expect(mail.text).toContain("Welcome, Reem");
    expect(mail.text).toContain(`Confirm My Email:\nhttps://nawat.studio/auth/verify-email#token=${token}`);
    expect(mail.text).toContain("48 hours");
  });

  it("writes the reset e-mail in Arabic, right to left, with the address kept left to right", () => {
    const mail = renderEmail(passwordResetEmail({ lang: "ar", firstName: "فيصل", token }, studio));
    expect(mail.subject).toBe("إعادة تعيين كلمة المرور في استوديو نواة");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("اختيار كلمة مرور جديدة");
    expect(mail.html).toMatch(/<bdi dir="ltr"><a href="https:\/\/nawat\.studio\/ar\/auth\/reset-password#token=/);
    expect(mail.text).toContain("مرحبًا فيصل");
    expect(mail.text).toContain("٣٠ دقيقة");
  });

  it("escapes a name and keeps it on one line", () => {
    const mail = renderEmail(
      verificationEmail({ lang: "en", firstName: "<b>Reem</b>\nBcc: x@example.com", token }, studio),
    );
    expect(mail.html).not.toContain("<b>Reem</b>");
    expect(mail.html).toContain("&lt;b&gt;Reem&lt;/b&gt; Bcc: x@example.com");
  });
});
