import { describe, expect, it } from "vitest";
import { verificationEmail } from "#server/modules/accounts/account-emails.ts";
import { leadAcknowledgement, studioLeadNotification, type ProposalLead } from "#server/modules/leads/lead-emails.ts";
import { fill, isolated, ltr, type EmailContent } from "./email-content.ts";
import { renderEmail } from "./render-email.tsx";

const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio" };

const content = (lang: "en" | "ar"): EmailContent => ({
  lang,
  subject: "s",
  preview: "p",
  blocks: [
    { type: "paragraph", content: ["رقم طلبك ", ltr("ORD-K7Q2M4XA"), " بمبلغ ", isolated("٤٢٢ ريال"), "."] },
    { type: "callout", label: "رقمك المرجعي", value: ltr("MNT-100200") },
    { type: "fields", rows: [{ label: "الجوال", value: ltr("+966 55 123 4567", "tel:+966551234567") }] },
  ],
  footer: [[ltr("info@nawat.studio", "mailto:info@nawat.studio")]],
});

describe("the plain-text part of an e-mail", () => {
  it("isolates references, amounts, phones and addresses in an Arabic e-mail, as the HTML part does", () => {
    const mail = renderEmail(content("ar"));
    expect(mail.text).toContain(`رقم طلبك ${LRI}ORD-K7Q2M4XA${PDI} بمبلغ ${FSI}٤٢٢ ريال${PDI}.`);
    expect(mail.text).toContain(`رقمك المرجعي: ${LRI}MNT-100200${PDI}`);
    expect(mail.text).toContain(`الجوال: ${LRI}+966 55 123 4567${PDI}`);
    expect(mail.text).toContain(`${LRI}info@nawat.studio${PDI}`);
    expect(mail.html).toContain('<bdi dir="ltr">ORD-K7Q2M4XA</bdi>');
    expect(mail.html).toContain("<bdi>٤٢٢ ريال</bdi>");
  });

  it("isolates a value filled into a sentence", () => {
    const mail = renderEmail({
      ...content("ar"),
      blocks: [
        { type: "paragraph", content: fill("فاتورتك رقم {number} جاهزة، {missing}.", { number: ltr("INV-000042") }) },
      ],
    });
    expect(mail.text).toContain(`فاتورتك رقم ${LRI}INV-000042${PDI} جاهزة، {missing}.`);
    expect(mail.html).toContain('فاتورتك رقم <bdi dir="ltr">INV-000042</bdi> جاهزة');
  });

  it("adds no invisible characters to an English e-mail, whose values already run its way", () => {
    const mail = renderEmail(content("en"));
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
    expect(mail.text).toContain("رقم طلبك ORD-K7Q2M4XA بمبلغ ٤٢٢ ريال.");
  });

  it("isolates the values of the lead and account e-mails", () => {
    const proposal: ProposalLead = {
      type: "proposal",
      reference: "MNT-100200",
      lang: "ar",
      receivedAt: new Date("2026-03-01T09:30:00Z"),
      name: "نورة",
      email: "noura@example.sa",
      phone: "+966 50 000 0000",
      productInterest: "custom",
      projectType: "bulk_order",
      quantity: "٥٠٠",
      budget: "100k+",
      timeline: "urgent",
      customRequirements: "علب مخصّصة بشعار الشركة",
    };
    const studioCopy = renderEmail(studioLeadNotification(proposal, studio)).text;
    expect(studioCopy).toContain(`الرقم المرجعي: ${LRI}MNT-100200${PDI}`);
    expect(studioCopy).toContain(`البريد الإلكتروني: ${LRI}noura@example.sa${PDI}`);
    expect(studioCopy).toContain(`رقم الجوال: ${LRI}+966 50 000 0000${PDI}`);
    expect(studioCopy).toContain(`الميزانية: ${FSI}أكثر من ١٠٠٬٠٠٠ ريال${PDI}`);
    // Received in the Gregorian calendar, on Riyadh's clock.
    expect(studioCopy).toContain("١ مارس ٢٠٢٦");
    expect(renderEmail(leadAcknowledgement(proposal, studio)).text).toContain(`${LRI}MNT-100200${PDI}`);

    const verify = renderEmail(verificationEmail({ lang: "ar", firstName: "ريم", token: "abc" }, studio)).text;
    expect(verify).toContain(`${LRI}https://nawat.studio/ar/auth/verify-email#token=abc${PDI}`);
    expect(verify).toContain(`${LRI}+966 11 000 0000${PDI}`);
  });
});
