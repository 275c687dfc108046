import { formatRiyadhDateTime } from "#shared/i18n/format.ts";
import { defineCopy, interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { InquiryKind } from "#shared/schemas/inquiry-request.ts";
import {
  BUDGET_OPTIONS,
  PRODUCT_INTEREST_OPTIONS,
  PROJECT_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
  proposalOptionLabel,
  type ProposalRequest,
} from "#shared/schemas/proposal-request.ts";
import {
  isolated,
  ltr,
  oneLine,
  type EmailBlock,
  type EmailContent,
  type Inline,
} from "../notifications/email-content.ts";
import { studio } from "#content/studio.ts";

/** The studio's details the e-mails show (configuration, DESIGN D13). */
export type StudioContact = { email: string; phone: string; siteUrl: string };

export type InquiryLead = {
  type: "inquiry";
  reference: string;
  lang: Lang;
  receivedAt: Date;
  kind: InquiryKind;
  name: string;
  email: string;
  message: string;
  firmName?: string | null;
  contactNumber?: string | null;
  serviceId?: number | null;
};

export type ProposalLead = { type: "proposal"; reference: string; lang: Lang; receivedAt: Date } & Omit<
  ProposalRequest,
  "website" | "company" | "additionalNotes"
> & { company?: string | null; additionalNotes?: string | null };

export type Lead = InquiryLead | ProposalLead;

const copy = defineCopy({
  en: {
    studio: {
      subject: {
        contact: "New message {reference} from {name}",
        service_request: "New service request {reference} from {name}",
        proposal: "New proposal request {reference} from {name}",
      },
      heading: {
        contact: "A New Message from the Contact Form",
        service_request: "A New Service Request",
        proposal: "A New Custom Proposal Request",
      },
      intro: "Reply to this e-mail to answer {name} directly. They were promised an answer within 24 hours.",
    },
    customer: {
      subject: {
        contact: "We received your message ({reference})",
        service_request: "We received your service request ({reference})",
        proposal: "We received your proposal request ({reference})",
      },
      preview: `Thank you for writing to ${studio.name.en}. We will contact you within 24 hours.`,
      heading: "Thank You",
      body: {
        contact: `Your message has reached ${studio.name.en}. A member of our team will contact you within 24 hours.`,
        service_request: `Your service request has reached ${studio.name.en}. A member of our team will contact you within 24 hours.`,
        proposal: `Your custom proposal request has reached ${studio.name.en}. A member of our team will contact you within 24 hours.`,
      },
      referenceLabel: "Your reference",
      referenceHint: "Please mention this reference if you write to us about this request.",
      summary: "What you chose:",
      ignore: "If you did not send this request, you can ignore this e-mail.",
    },
    labels: {
      reference: "Reference",
      kind: "Type",
      name: "Name",
      email: "E-mail",
      message: "Message",
      firmName: "Firm",
      contactNumber: "Contact number",
      service: "Service",
      phone: "Phone",
      company: "Company",
      productInterest: "Product",
      projectType: "Project type",
      quantity: "Quantity",
      budget: "Budget",
      timeline: "Timeline",
      customRequirements: "Requirements",
      additionalNotes: "Additional notes",
      language: "Language",
      receivedAt: "Received",
    },
    kinds: { contact: "Contact message", service_request: "Service request" },
    languages: { en: "English", ar: "Arabic" },
    footer: `${studio.name.en} · Riyadh, Saudi Arabia`,
  },
  ar: {
    studio: {
      subject: {
        contact: "رسالة جديدة {reference} من {name}",
        service_request: "طلب خدمة جديد {reference} من {name}",
        proposal: "طلب عرض مخصّص جديد {reference} من {name}",
      },
      heading: {
        contact: "رسالة جديدة من نموذج التواصل",
        service_request: "طلب خدمة جديد",
        proposal: "طلب عرض مخصّص جديد",
      },
      intro: "ردّ على هذه الرسالة ليصل ردّك إلى {name} مباشرة. وعدنا صاحب الطلب بالتواصل خلال ٢٤ ساعة.",
    },
    customer: {
      subject: {
        contact: "تلقّينا رسالتك — {reference}",
        service_request: "تلقّينا طلب الخدمة — {reference}",
        proposal: "تلقّينا طلب العرض المخصّص — {reference}",
      },
      preview: `شكرًا لتواصلك مع ${studio.name.ar}، وسنتواصل معك خلال ٢٤ ساعة.`,
      heading: "شكرًا لك",
      body: {
        contact: `وصلت رسالتك إلى ${studio.name.ar}، وسيتواصل معك أحد أعضاء فريقنا خلال ٢٤ ساعة.`,
        service_request: `وصل طلب الخدمة إلى ${studio.name.ar}، وسيتواصل معك أحد أعضاء فريقنا خلال ٢٤ ساعة.`,
        proposal: `وصل طلب العرض المخصّص إلى ${studio.name.ar}، وسيتواصل معك أحد أعضاء فريقنا خلال ٢٤ ساعة.`,
      },
      referenceLabel: "رقمك المرجعي",
      referenceHint: "يُرجى ذكر هذا الرقم عند مراسلتنا بخصوص هذا الطلب.",
      summary: "ما اخترته:",
      ignore: "إن لم تُرسل هذا الطلب، فتجاهل هذه الرسالة.",
    },
    labels: {
      reference: "الرقم المرجعي",
      kind: "النوع",
      name: "الاسم",
      email: "البريد الإلكتروني",
      message: "الرسالة",
      firmName: "الشركة",
      contactNumber: "رقم التواصل",
      service: "الخدمة",
      phone: "رقم الجوال",
      company: "الجهة",
      productInterest: "المنتج",
      projectType: "نوع المشروع",
      quantity: "الكمية",
      budget: "الميزانية",
      timeline: "المدة الزمنية",
      customRequirements: "المتطلبات",
      additionalNotes: "ملاحظات إضافية",
      language: "اللغة",
      receivedAt: "وقت الاستلام",
    },
    kinds: { contact: "رسالة تواصل", service_request: "طلب خدمة" },
    languages: { en: "الإنجليزية", ar: "العربية" },
    footer: `${studio.name.ar} · الرياض، المملكة العربية السعودية`,
  },
});

type Row = { label: string; value: Inline; multiline?: boolean };

const leadKind = (lead: Lead): InquiryKind | "proposal" => (lead.type === "proposal" ? "proposal" : lead.kind);

/** The rows of what the visitor sent, with labels in `lang`; `full` adds the studio's bookkeeping. */
function leadRows(lead: Lead, lang: Lang, full: boolean): Row[] {
  const t = copy[lang];
  const rows: Row[] = [];
  const add = (label: string, value: Inline | null | undefined, multiline = false) => {
    if (value !== null && value !== undefined && value !== "") rows.push({ label, value, multiline });
  };
  if (full) add(t.labels.reference, ltr(lead.reference));
  if (lead.type === "inquiry") {
    if (full) add(t.labels.kind, t.kinds[lead.kind]);
    add(t.labels.name, lead.name);
    add(t.labels.email, ltr(lead.email, full ? `mailto:${lead.email}` : undefined));
    add(t.labels.firmName, lead.firmName);
    add(t.labels.contactNumber, lead.contactNumber ? ltr(lead.contactNumber) : undefined);
    add(t.labels.message, lead.message, true);
  } else {
    const label = (list: Parameters<typeof proposalOptionLabel>[0], value: string) =>
      proposalOptionLabel(list, value, lang);
    add(t.labels.name, lead.name);
    add(t.labels.email, ltr(lead.email, full ? `mailto:${lead.email}` : undefined));
    add(t.labels.phone, ltr(lead.phone, full ? `tel:${lead.phone.replace(/[^+0-9]/g, "")}` : undefined));
    add(t.labels.company, lead.company);
    add(t.labels.productInterest, label(PRODUCT_INTEREST_OPTIONS, lead.productInterest));
    add(t.labels.projectType, label(PROJECT_TYPE_OPTIONS, lead.projectType));
    add(t.labels.quantity, lead.quantity);
    add(t.labels.budget, isolated(label(BUDGET_OPTIONS, lead.budget)));
    add(t.labels.timeline, label(TIMELINE_OPTIONS, lead.timeline));
    add(t.labels.customRequirements, lead.customRequirements, true);
    add(t.labels.additionalNotes, lead.additionalNotes, true);
  }
  if (full) {
    add(t.labels.language, t.languages[lead.lang]);
    add(t.labels.receivedAt, formatReceived(lead.receivedAt, lang));
  }
  return rows;
}

/**
 * A date and time on Riyadh's clock, long form, in the e-mail's language (without the zone's name),
 * in the Gregorian calendar (format.ts names the locales).
 */
export function riyadhDateTime(date: Date, lang: Lang): string {
  return formatRiyadhDateTime(date, lang);
}

function formatReceived(date: Date, lang: Lang): string {
  const text = riyadhDateTime(date, lang);
  return lang === "ar" ? `${text} (بتوقيت الرياض)` : `${text} (Riyadh time)`;
}

/** The closing lines of every e-mail: the studio's name, e-mail, phone and site. */
export function studioFooter(lang: Lang, studio: StudioContact): Inline[][] {
  const site = studio.siteUrl.replace(/\/+$/, "");
  return [
    [copy[lang].footer],
    [
      ltr(studio.email, `mailto:${studio.email}`),
      " · ",
      ltr(studio.phone, `tel:${studio.phone.replace(/[^+0-9]/g, "")}`),
      " · ",
      ltr(site.replace(/^https?:\/\//, ""), lang === "ar" ? `${site}/ar` : site),
    ],
  ];
}

/**
 * The studio's copy of a new lead, with every field. It is written in the language the visitor
 * used, so it reads in the same direction as their own words; its Reply-To is the visitor.
 */
export function studioLeadNotification(lead: Lead, studio: StudioContact): EmailContent {
  const lang = lead.lang;
  const t = copy[lang];
  const kind = leadKind(lead);
  const params = { reference: lead.reference, name: oneLine(lead.name) };
  const blocks: EmailBlock[] = [
    { type: "heading", text: t.studio.heading[kind] },
    { type: "paragraph", content: [interpolate(t.studio.intro, { name: params.name })] },
    { type: "fields", rows: leadRows(lead, lang, true) },
  ];
  return {
    lang,
    subject: interpolate(t.studio.subject[kind], params),
    preview: interpolate(t.studio.subject[kind], params),
    blocks,
    footer: studioFooter(lang, studio),
  };
}

/**
 * The options a proposal chose from the wizard's fixed lists: the only part of a lead the
 * acknowledgement repeats, since it goes to whatever address the form names (issue 37).
 */
function chosenOptionRows(lead: ProposalLead, lang: Lang): Row[] {
  const t = copy[lang];
  const label = (list: Parameters<typeof proposalOptionLabel>[0], value: string) =>
    proposalOptionLabel(list, value, lang);
  return [
    { label: t.labels.productInterest, value: label(PRODUCT_INTEREST_OPTIONS, lead.productInterest) },
    { label: t.labels.projectType, value: label(PROJECT_TYPE_OPTIONS, lead.projectType) },
    { label: t.labels.budget, value: label(BUDGET_OPTIONS, lead.budget) },
    { label: t.labels.timeline, value: label(TIMELINE_OPTIONS, lead.timeline) },
  ];
}

/**
 * The visitor's acknowledgement, in their language: the reference and the 24-hour promise. It goes
 * to the address the form names, which nobody has verified, so it repeats nothing the visitor
 * typed (no name, message, company or notes): the studio's domain cannot be made to carry
 * someone's text to a stranger (issue 37). A proposal's choices from fixed lists are shown.
 */
export function leadAcknowledgement(lead: Lead, studio: StudioContact): EmailContent {
  const lang = lead.lang;
  const t = copy[lang];
  const kind = leadKind(lead);
  const blocks: EmailBlock[] = [
    { type: "heading", text: t.customer.heading },
    { type: "paragraph", content: [t.customer.body[kind]] },
    { type: "callout", label: t.customer.referenceLabel, value: ltr(lead.reference) },
    { type: "paragraph", content: [t.customer.referenceHint] },
  ];
  if (lead.type === "proposal") {
    blocks.push(
      { type: "paragraph", content: [{ text: t.customer.summary, strong: true }] },
      { type: "fields", rows: chosenOptionRows(lead, lang) },
    );
  }
  blocks.push({ type: "paragraph", content: [t.customer.ignore] });
  return {
    lang,
    subject: interpolate(t.customer.subject[kind], { reference: lead.reference }),
    preview: t.customer.preview,
    blocks,
    footer: studioFooter(lang, studio),
  };
}
