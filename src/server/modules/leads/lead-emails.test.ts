import { describe, expect, it } from "vitest";
import { leadAcknowledgement, studioLeadNotification, type InquiryLead, type ProposalLead } from "./lead-emails.ts";
import { renderEmail } from "#server/modules/notifications/render-email.tsx";

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio/" };
const receivedAt = new Date("2026-03-01T09:30:00Z");

const inquiry: InquiryLead = {
  type: "inquiry",
  reference: "MNT-004217",
  lang: "en",
  receivedAt,
  kind: "service_request",
  name: "Faisal <script>alert(1)</script>\nBcc: victim@example.com",
  email: "faisal@diriyah-events.sa",
  message: "Service Request: 3D Printing | الطباعة ثلاثية الأبعاد\nFirm: Diriyah Events Co.\nContact: +966 55 123 4567",
  firmName: "Diriyah Events Co.",
  contactNumber: "+966 55 123 4567",
  serviceId: 3,
};

const proposal: ProposalLead = {
  type: "proposal",
  reference: "MNT-100200",
  lang: "ar",
  receivedAt,
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

describe("lead e-mails", () => {
  it("escapes what the visitor typed and keeps headers on one line", () => {
    const mail = renderEmail(studioLeadNotification(inquiry, studio));
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe(
      "New service request MNT-004217 from Faisal <script>alert(1)</script> Bcc: victim@example.com",
    );
  });

  it("gives the studio every field, with the message's lines kept", () => {
    const mail = renderEmail(studioLeadNotification(inquiry, studio));
    for (const text of [
      "Reference: MNT-004217",
      "Type: Service request",
      "Firm: Diriyah Events Co.",
      "Contact number: +966 55 123 4567",
      "Language: English",
      "Riyadh time",
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).toContain("Message:\nService Request: 3D Printing");
    expect(mail.html).toContain("white-space:pre-wrap");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain("text-align:left");
  });

  it("writes an Arabic acknowledgement right to left, with labels of the chosen options", () => {
    const mail = renderEmail(leadAcknowledgement(proposal, studio));
    expect(mail.lang).toBe("ar");
    expect(mail.subject).toBe("تلقّينا طلب العرض المخصّص — MNT-100200");
    expect(mail.html.startsWith('<!DOCTYPE html><html lang="ar" dir="rtl">')).toBe(true);
    expect(mail.html).not.toMatch(/dir="ltr"><table|<table[^>]*dir="ltr"/);
    expect(mail.html).toContain('<bdi dir="ltr">MNT-100200</bdi>');
    expect(mail.html).toContain("border-right:4px solid #01d591");
    for (const text of [
      "منتج خاص",
      "طلب بالجملة",
      "أكثر من ١٠٠٬٠٠٠ ريال",
      "عاجل (أسبوع إلى أسبوعين)",
      "خلال ٢٤ ساعة",
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.html).toContain('href="https://nawat.studio/ar"');
  });

  it("repeats nothing the visitor typed in the acknowledgement: no name, message, company or notes", () => {
    const contact: InquiryLead = {
      ...inquiry,
      kind: "contact",
      name: "Visit cheap-pills.example now",
      message: "Click https://phish.example/login to claim your prize",
    };
    for (const lead of [
      inquiry,
      contact,
      { ...proposal, company: "Acme Prize Desk", additionalNotes: "Call +1 555 0100" },
    ]) {
      const mail = renderEmail(leadAcknowledgement(lead, studio));
      const typed = [
        lead.name,
        ...(lead.type === "inquiry"
          ? [lead.message, lead.firmName ?? ""]
          : [lead.customRequirements, lead.company ?? "", lead.additionalNotes ?? "", lead.quantity]),
      ];
      for (const text of [mail.subject, mail.html, mail.text]) {
        for (const value of typed.filter(Boolean)) expect(text).not.toContain(value);
      }
      for (const fragment of ["cheap-pills", "phish.example", "Faisal", "نورة", "Acme", "555 0100"]) {
        expect(mail.html).not.toContain(fragment);
        expect(mail.text).not.toContain(fragment);
      }
      expect(mail.text).toContain(lead.reference);
    }
  });
});
