import { formatPrice } from "#shared/i18n/format.ts";
import { defineCopy, interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import { ltr, oneLine, type EmailContent } from "#server/modules/notifications/email-content.ts";
import { riyadhDateTime, studioFooter, type StudioContact } from "#server/modules/leads/lead-emails.ts";

/** A credit note as the buyer's refund e-mail shows it. */
export type IssuedCreditNoteMail = {
  lang: Lang;
  customerName: string;
  orderReference: string;
  product: { name: string; nameAr: string };
  number: string;
  invoiceNumber: string;
  issuedAt: Date;
  amountHalalas: number;
  vatHalalas: number;
  /** The whole order refunded (this note and the earlier ones make its total). */
  full: boolean;
  test: boolean;
  /** The printable credit note (with the order's access token in the fragment), absolute. */
  url: string;
};

const copy = defineCopy({
  en: {
    subject: "Your refund for order {reference}: credit note {number}",
    preview: "We have refunded {amount} to your original payment method.",
    heading: "Your Refund Has Been Issued, {name}",
    bodyFull: "We have refunded your order in full to the payment method you used.",
    bodyPartial: "We have refunded part of your order to the payment method you used.",
    timing: "Depending on your bank or payment provider, the amount may take a few working days to appear.",
    numberLabel: "Credit note",
    rows: {
      order: "Order",
      product: "Product",
      invoice: "Original invoice",
      amount: "Refunded (VAT included)",
      vat: "VAT refunded (15%)",
      issuedAt: "Issued",
    },
    riyadhTime: "(Riyadh time)",
    test: "Test document — not a tax invoice. This order was paid through the test gateway; no money was refunded.",
    button: "View the Credit Note",
    hint: "Your simplified credit note {number} is ready to view, print or save as PDF.",
  },
  ar: {
    subject: "استرداد مبلغ طلبك {reference}: إشعار دائن {number}",
    preview: "أعدنا إليك {amount} إلى وسيلة الدفع التي استخدمتها.",
    heading: "أعدنا إليك المبلغ يا {name}",
    bodyFull: "أعدنا قيمة طلبك كاملةً إلى وسيلة الدفع التي استخدمتها.",
    bodyPartial: "أعدنا جزءًا من قيمة طلبك إلى وسيلة الدفع التي استخدمتها.",
    timing: "قد يستغرق ظهور المبلغ في حسابك بضعة أيام عمل بحسب البنك أو مزوّد الدفع.",
    numberLabel: "رقم الإشعار الدائن",
    rows: {
      order: "الطلب",
      product: "المنتج",
      invoice: "الفاتورة الأصلية",
      amount: "المبلغ المسترد شامل الضريبة",
      vat: "ضريبة القيمة المضافة المستردة (١٥٪)",
      issuedAt: "تاريخ الإصدار",
    },
    riyadhTime: "(بتوقيت الرياض)",
    test: "مستند تجريبي — ليس فاتورة ضريبية. دُفع هذا الطلب عبر بوابة الدفع التجريبية، ولم يُسترد أي مبلغ فعليًا.",
    button: "اعرض الإشعار الدائن",
    hint: "إشعارك الدائن المبسّط رقم {number} جاهز للعرض أو الطباعة أو الحفظ بصيغة PDF.",
  },
});

/**
 * `creditNoteIssued`: the buyer's refund e-mail (issue 35), in the language of their checkout:
 * what was refunded, the credit note's number and the invoice it corrects, and its link.
 */
export function creditNoteIssued(note: IssuedCreditNoteMail, studio: StudioContact): EmailContent {
  const lang = note.lang;
  const t = copy[lang];
  const amount = formatPrice(note.amountHalalas, lang);
  return {
    lang,
    subject: interpolate(t.subject, { reference: note.orderReference, number: note.number }),
    preview: interpolate(t.preview, { amount }),
    blocks: [
      { type: "heading", text: interpolate(t.heading, { name: oneLine(note.customerName) }) },
      ...(note.test ? [{ type: "paragraph" as const, content: [{ text: t.test, strong: true }] }] : []),
      { type: "paragraph", content: [note.full ? t.bodyFull : t.bodyPartial, " ", t.timing] },
      { type: "callout", label: t.numberLabel, value: ltr(note.number) },
      {
        type: "fields",
        rows: [
          { label: t.rows.order, value: ltr(note.orderReference) },
          { label: t.rows.product, value: lang === "ar" ? note.product.nameAr : note.product.name },
          { label: t.rows.invoice, value: ltr(note.invoiceNumber) },
          { label: t.rows.amount, value: amount },
          { label: t.rows.vat, value: formatPrice(note.vatHalalas, lang) },
          { label: t.rows.issuedAt, value: `${riyadhDateTime(note.issuedAt, lang)} ${t.riyadhTime}` },
        ],
      },
      { type: "paragraph", content: [interpolate(t.hint, { number: note.number })] },
      { type: "button", text: t.button, href: note.url },
    ],
    footer: studioFooter(lang, studio),
  };
}
