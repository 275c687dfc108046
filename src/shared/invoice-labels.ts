import { formatNumber, localizeDigits } from "./i18n/format.ts";
import { defineCopy } from "./i18n/types.ts";
import type { Lang } from "./lang.ts";
import { paymentMethods } from "./payment-methods.ts";

/**
 * The words printed on a simplified tax invoice (decision 0021), in both languages: one text for
 * the invoice page and the PDF, so the two never say different things. The page's own words
 * (buttons, loading, errors) are in src/client/features/invoices.
 */
export const invoiceLabels = defineCopy({
  en: {
    title: "Simplified Tax Invoice",
    vatNumber: "VAT registration number",
    number: "Invoice number",
    issuedAt: "Date and time of issue",
    orderReference: "Order reference",
    paymentMethod: "Payment method",
    buyer: "Customer",
    address: "Delivery address",
    product: "Product",
    quantity: "Qty",
    unitPrice: "Unit price excl. VAT",
    vatRate: "VAT rate",
    vatAmount: "VAT",
    lineTotal: "Total incl. VAT",
    totalExcludingVat: "Total excluding VAT",
    vatTotal: "VAT (15%)",
    totalIncludingVat: "Total including VAT",
    vatNote: "All prices include 15% VAT.",
    qrCaption: "Scan to verify this invoice",
    sellerAddress: "Seller's address",
    testDocument: "Test document — not a tax invoice",
    country: "Saudi Arabia",
    currency: "SAR",
  },
  ar: {
    title: "فاتورة ضريبية مبسطة",
    vatNumber: "الرقم الضريبي",
    number: "رقم الفاتورة",
    issuedAt: "تاريخ ووقت الإصدار",
    orderReference: "رقم الطلب",
    paymentMethod: "طريقة الدفع",
    buyer: "العميل",
    address: "عنوان التوصيل",
    product: "المنتج",
    quantity: "الكمية",
    unitPrice: "سعر الوحدة قبل الضريبة",
    vatRate: "نسبة الضريبة",
    vatAmount: "الضريبة",
    lineTotal: "الإجمالي شامل الضريبة",
    totalExcludingVat: "الإجمالي قبل الضريبة",
    vatTotal: "ضريبة القيمة المضافة (١٥٪)",
    totalIncludingVat: "الإجمالي شامل الضريبة",
    vatNote: "جميع الأسعار تشمل ضريبة القيمة المضافة بنسبة ١٥٪.",
    qrCaption: "امسح الرمز للتحقق من الفاتورة",
    sellerAddress: "عنوان البائع",
    testDocument: "مستند تجريبي — ليس فاتورة ضريبية",
    country: "المملكة العربية السعودية",
    currency: "ريال",
  },
});

export type InvoiceLabels = (typeof invoiceLabels)["en"];

/**
 * The words printed on a simplified credit note (issue 35), in both languages, for its page and
 * its PDF; the seller's, buyer's and test words are the invoice's (`invoiceLabels`).
 */
export const creditNoteLabels = defineCopy({
  en: {
    title: "Simplified Credit Note",
    number: "Credit note number",
    issuedAt: "Date and time of issue",
    invoiceNumber: "Original invoice number",
    invoiceDate: "Original invoice date",
    orderReference: "Order reference",
    buyer: "Customer",
    address: "Delivery address",
    reason: "Reason",
    description: "Description",
    refundOf: "Refund: {product}",
    vatRate: "VAT rate",
    excludingVat: "Amount excl. VAT",
    vatAmount: "VAT",
    total: "Total incl. VAT",
    totalExcludingVat: "Credited amount excluding VAT",
    vatTotal: "VAT credited (15%)",
    totalIncludingVat: "Total credited including VAT",
    note: "This credit note reduces the invoice it references by the amounts shown.",
    qrCaption: "Scan to verify this credit note",
  },
  ar: {
    title: "إشعار دائن مبسط",
    number: "رقم الإشعار الدائن",
    issuedAt: "تاريخ ووقت الإصدار",
    invoiceNumber: "رقم الفاتورة الأصلية",
    invoiceDate: "تاريخ الفاتورة الأصلية",
    orderReference: "رقم الطلب",
    buyer: "العميل",
    address: "عنوان التوصيل",
    reason: "سبب الإشعار",
    description: "الوصف",
    refundOf: "استرداد: {product}",
    vatRate: "نسبة الضريبة",
    excludingVat: "المبلغ قبل الضريبة",
    vatAmount: "الضريبة",
    total: "الإجمالي شامل الضريبة",
    totalExcludingVat: "المبلغ المُعاد قبل الضريبة",
    vatTotal: "ضريبة القيمة المضافة المُعادة (١٥٪)",
    totalIncludingVat: "إجمالي المبلغ المُعاد شامل الضريبة",
    note: "يخفض هذا الإشعار الفاتورة المشار إليها بالمبالغ الموضحة.",
    qrCaption: "امسح الرمز للتحقق من الإشعار الدائن",
  },
});

export type CreditNoteLabels = (typeof creditNoteLabels)["en"];

/** An invoice amount in riyals with two decimals: "350.50 SAR" / "٣٥٠٫٥٠ ريال". */
export function formatInvoiceAmount(halalas: number, lang: Lang): string {
  const riyals = formatNumber(halalas / 100, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${riyals} ${invoiceLabels[lang].currency}`;
}

/**
 * The invoice's Riyadh time (`2026-11-23T13:15:30+03:00`) as printed, day first as read in Riyadh:
 * "23/11/2026 13:15", in the language's digits ("/" and ":" keep Arabic-Indic dates in one piece
 * inside right-to-left text, where "-" would split them).
 */
export function formatInvoiceTime(riyadhIso: string, lang: Lang): string {
  const [year, month, day] = riyadhIso.slice(0, 10).split("-");
  return localizeDigits(`${day}/${month}/${year} ${riyadhIso.slice(11, 16)}`, lang);
}

/** A payment method's name on the invoice, as src/shared/payment-methods.ts labels it (an unknown id prints as it is). */
export function invoiceMethodLabel(method: string | null, lang: Lang): string {
  if (!method) return "—";
  return paymentMethods.find((entry) => entry.id === method)?.label[lang] ?? method;
}

/**
 * The delivery address on one line, street first. It is printed in the script the buyer wrote it
 * in: an address typed in Arabic reads as Arabic on the English invoice too, instead of a mixed line.
 */
export function formatInvoiceAddress(
  address: {
    street: string;
    building?: string | undefined;
    district: string;
    city: string;
    postalCode?: string | undefined;
  } | null,
  pageLang: Lang,
): string {
  if (!address) return "—";
  const lang: Lang = /[\u0600-\u06ff]/.test(`${address.street}${address.district}${address.city}`) ? "ar" : pageLang;
  const separator = lang === "ar" ? "، " : ", ";
  const street = address.building ? `${address.building} ${address.street}` : address.street;
  const city = address.postalCode ? `${address.city} ${address.postalCode}` : address.city;
  return localizeDigits([street, address.district, city, invoiceLabels[lang].country].join(separator), lang);
}
