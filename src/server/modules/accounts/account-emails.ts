import { defineCopy, interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import { ltr, oneLine, type EmailContent } from "../notifications/email-content.ts";
import { studioFooter, type StudioContact } from "../leads/lead-emails.ts";
import { studio } from "#content/studio.ts";

const copy = defineCopy({
  en: {
    verify: {
      subject: `Confirm your email address for ${studio.name.en}`,
      preview: "One click to confirm your email address.",
      heading: "Welcome, {firstName}",
      body: `Thank you for creating an account with ${studio.name.en}. Please confirm that this is your email address:`,
      button: "Confirm My Email",
      expiry: "The link is valid for 48 hours and can be used once.",
      ignore: "If you did not create this account, you can ignore this email: nothing will happen.",
    },
    reset: {
      subject: `Reset your ${studio.name.en} password`,
      preview: "A link to choose a new password, valid for 30 minutes.",
      heading: "Hello {firstName}",
      body: `We received a request to reset the password of your ${studio.name.en} account. Choose a new password here:`,
      button: "Choose a New Password",
      expiry:
        "The link is valid for 30 minutes and can be used once. Once you choose a new password, every device signed in to your account is signed out.",
      ignore: "If you did not ask for this, ignore this email: your password stays as it is.",
    },
    linkHint: "If the button does not work, copy this link into your browser:",
  },
  ar: {
    verify: {
      subject: `أكّد بريدك الإلكتروني في ${studio.name.ar}`,
      preview: "نقرة واحدة لتأكيد بريدك الإلكتروني.",
      heading: "أهلًا {firstName}",
      body: `شكرًا لإنشائك حسابًا في ${studio.name.ar}. يُرجى تأكيد أن هذا بريدك الإلكتروني:`,
      button: "تأكيد البريد الإلكتروني",
      expiry: "الرابط صالح لمدة ٤٨ ساعة، ويُستخدم مرة واحدة فقط.",
      ignore: "إن لم تُنشئ هذا الحساب، فتجاهل هذه الرسالة ولن يتغيّر شيء.",
    },
    reset: {
      subject: `إعادة تعيين كلمة المرور في ${studio.name.ar}`,
      preview: "رابط لاختيار كلمة مرور جديدة، صالح لمدة ٣٠ دقيقة.",
      heading: "مرحبًا {firstName}",
      body: `وصلنا طلب لإعادة تعيين كلمة المرور لحسابك في ${studio.name.ar}. اختر كلمة مرور جديدة من هنا:`,
      button: "اختيار كلمة مرور جديدة",
      expiry:
        "الرابط صالح لمدة ٣٠ دقيقة ويُستخدم مرة واحدة. وبعد اختيار كلمة المرور الجديدة، يُسجَّل خروج جميع الأجهزة المتصلة بحسابك.",
      ignore: "إن لم تطلب ذلك، فتجاهل هذه الرسالة وستبقى كلمة المرور كما هي.",
    },
    linkHint: "إن لم يعمل الزر، انسخ هذا الرابط والصقه في متصفحك:",
  },
});

export type AccountLinkMail = { lang: Lang; firstName: string; token: string };

/**
 * A link to a page of the site that carries the token in its fragment (never sent to a server,
 * so it stays out of access logs and Referer headers); the page reads it and posts it.
 */
export function accountLink(siteUrl: string, lang: Lang, page: "verify-email" | "reset-password", token: string) {
  const site = siteUrl.replace(/\/+$/, "");
  return `${site}${lang === "ar" ? "/ar" : ""}/auth/${page}#token=${token}`;
}

function linkEmail(kind: "verify" | "reset", mail: AccountLinkMail, href: string, studio: StudioContact): EmailContent {
  const t = copy[mail.lang][kind];
  return {
    lang: mail.lang,
    subject: t.subject,
    preview: t.preview,
    blocks: [
      { type: "heading", text: interpolate(t.heading, { firstName: oneLine(mail.firstName) }) },
      { type: "paragraph", content: [t.body] },
      { type: "button", text: t.button, href },
      { type: "paragraph", content: [copy[mail.lang].linkHint, " ", ltr(href, href)] },
      { type: "paragraph", content: [t.expiry] },
      { type: "paragraph", content: [t.ignore] },
    ],
    footer: studioFooter(mail.lang, studio),
  };
}

/** The e-mail that confirms an address: sent at sign-up and on request, in the user's language. */
export function verificationEmail(mail: AccountLinkMail, studio: StudioContact) {
  return linkEmail("verify", mail, accountLink(studio.siteUrl, mail.lang, "verify-email", mail.token), studio);
}

/** The password-reset e-mail, in the user's language. */
export function passwordResetEmail(mail: AccountLinkMail, studio: StudioContact) {
  return linkEmail("reset", mail, accountLink(studio.siteUrl, mail.lang, "reset-password", mail.token), studio);
}
