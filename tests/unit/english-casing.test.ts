import { describe, expect, it } from "vitest";
import { passwordResetEmail, verificationEmail } from "#server/modules/accounts/account-emails.ts";
import type { EmailContent } from "#server/modules/notifications/email-content.ts";
import { leadAcknowledgement, studioLeadNotification, type InquiryLead } from "#server/modules/leads/lead-emails.ts";
import { orderConfirmation, studioOrderNotification } from "#server/modules/orders/order-emails.ts";
import { en } from "#shared/i18n/en.ts";
import { invoiceLabels } from "#shared/invoice-labels.ts";

/**
 * Decision 24: English buttons and headings in Title Case (Chicago), everything else in sentence
 * case, and capitals a matter of CSS, never typed into a catalog.
 */

// Articles, coordinating conjunctions and prepositions of up to four letters stay lowercase
// inside a title.
const minor = new Set("a an the and but or for nor of to in on at by with from into over as per via up".split(" "));

/** The words of a title that break Title Case; [] when it holds. */
function titleCaseProblems(title: string): string[] {
  const problems: string[] = [];
  // A colon or the " | " before the site name starts a new title: its first word is capitalized.
  for (const part of title.split(/:\s+|\s+\|\s+/)) {
    const words = part.split(/\s+/).filter((word) => /\p{L}/u.test(word) && !word.startsWith("{"));
    words.forEach((raw, i) => {
      const word = raw.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, "");
      const edge = i === 0 || i === words.length - 1;
      const first = word.charAt(0);
      // A particle of a phrasal verb is capitalized ("Sign In to Continue").
      const particle = /^sign$/i.test(words[i - 1] ?? "");
      if (!edge && !particle && minor.has(word.toLowerCase())) {
        if (word !== word.toLowerCase()) problems.push(word);
      } else if (first !== first.toUpperCase()) problems.push(word);
    });
  }
  return problems;
}

type Entry = { path: string; value: string };

function strings(value: unknown, path: string, out: Entry[] = []): Entry[] {
  if (typeof value === "string") out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) strings(item, path ? `${path}.${key}` : key, out);
  return out;
}

const modules = import.meta.glob<{ default: unknown }>(["/src/client/**/*.en.ts", "/content/*.en.ts"], {
  eager: true,
});
const catalogs: Entry[] = [
  ...strings(en, "en"),
  ...strings(invoiceLabels.en, "invoiceLabels.en"),
  ...Object.entries(modules).flatMap(([file, module]) => strings(module.default, file)),
];

// Acronyms that are written in capitals whatever the casing rule.
const acronyms = new Set("AI AR CSV EN JPEG JSON PDF PDPL PNG QR SAR SDAIA URL VAT ZATCA".split(" "));

describe("English casing (decision 24)", () => {
  it("reads every English catalog, pages, features and content", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(20);
    expect(catalogs.length).toBeGreaterThan(1000);
  });

  it("types no capitals for style: two capitalized words in a row are an acronym or a mistake", () => {
    const shouting = catalogs.filter(({ value }) => {
      const words = value
        .split(/[\s,.;:!?()/]+/)
        .filter((w) => /^\p{Lu}{3,}$/u.test(w) && !/^X+$/.test(w) && !acronyms.has(w));
      return words.length >= 2;
    });
    expect(shouting).toEqual([]);
    expect(catalogs.some(({ value }) => value === "Learn More")).toBe(true);
  });

  it("writes titles and headings in Title Case unless they are full sentences", () => {
    const headings = catalogs.filter(
      ({ path, value }) =>
        /\.(title|heading)$/.test(path) && !/\.toasts?\./.test(path) && value !== "" && !/[.?!]$/.test(value),
    );
    expect(headings.length).toBeGreaterThan(60);
    const wrong = headings
      .map(({ path, value }) => ({ path, value, words: titleCaseProblems(value) }))
      .filter(({ words }) => words.length > 0);
    expect(wrong).toEqual([]);
  });

  it("says Back to Home the same way everywhere", () => {
    const back = catalogs.filter(({ value }) => /^back to home$/i.test(value));
    expect(back.length).toBeGreaterThanOrEqual(5);
    expect(back.filter(({ value }) => value !== "Back to Home")).toEqual([]);
  });

  it("knows Title Case from sentence case", () => {
    expect(titleCaseProblems("Connect with Our Team")).toEqual([]);
    expect(titleCaseProblems("Handcrafted in the Heart of Riyadh, to the Whole World")).toEqual([]);
    expect(titleCaseProblems("About the Studio | Nawat Studio")).toEqual([]);
    expect(titleCaseProblems("{name}, Up Close")).toEqual([]);
    expect(titleCaseProblems("Connect with our Team")).toEqual(["our"]);
    expect(titleCaseProblems("Complete your order")).toEqual(["your", "order"]);
    expect(titleCaseProblems("Browse The Collection")).toEqual(["The"]);
    expect(titleCaseProblems("Sign In to Continue")).toEqual([]);
  });
});

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio/" };
const inquiry: InquiryLead = {
  type: "inquiry",
  reference: "MNT-004217",
  lang: "en",
  receivedAt: new Date("2026-03-01T09:30:00Z"),
  kind: "contact",
  name: "Faisal",
  email: "faisal@example.sa",
  message: "We would like forty bowls for a wedding in May.",
};
const order = {
  reference: "ORD-K7Q2M4XA",
  lang: "en",
  product: { name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر" },
  quantity: 1,
  totalAmountHalalas: 42_200,
  vatHalalas: 5504,
  paymentMethod: "credit-card",
  customerName: "Noura",
  customerEmail: "noura@example.sa",
  customerPhone: "+966551234567",
  deliveryAddress: {
    city: "Riyadh",
    district: "Olaya",
    street: "King Fahd Road",
    building: "1234",
    postalCode: "12211",
  },
  paidAt: new Date("2026-03-01T09:30:00Z"),
  invoiceNumber: "INV-000042",
  invoiceUrl: "https://nawat.studio/orders/invoice#ref=ORD-K7Q2M4XA&access=token",
} satisfies Parameters<typeof orderConfirmation>[0];

describe("English e-mails (decision 24)", () => {
  const mails: [string, EmailContent][] = [
    ["verification", verificationEmail({ lang: "en", firstName: "Reem", token: "t" }, studio)],
    ["password reset", passwordResetEmail({ lang: "en", firstName: "Reem", token: "t" }, studio)],
    ["lead acknowledgement", leadAcknowledgement(inquiry, studio)],
    ["studio lead notification", studioLeadNotification(inquiry, studio)],
    ["order confirmation", orderConfirmation(order, studio)],
    ["studio order notification", studioOrderNotification(order, studio)],
  ];

  it.each(mails)("the %s e-mail has its heading and buttons in Title Case", (_, mail) => {
    const titled = mail.blocks.flatMap((block) =>
      block.type === "heading" || block.type === "button" ? [block.text] : [],
    );
    expect(titled.length).toBeGreaterThan(0);
    expect(titled.filter((text) => titleCaseProblems(text).length > 0)).toEqual([]);
  });
});
