import { formatPrice, formatNumber } from "#shared/i18n/format.ts";
import { defineCopy, interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import { paymentMethods } from "#shared/payment-methods.ts";
import {
  fill,
  isolated,
  ltr,
  oneLine,
  type EmailBlock,
  type EmailContent,
  type Inline,
} from "#server/modules/notifications/email-content.ts";
import { riyadhDateTime, studioFooter, type StudioContact } from "#server/modules/leads/lead-emails.ts";
import { studio } from "#content/studio.ts";

/** A paid order as its e-mails show it. */
export type PaidOrder = {
  reference: string;
  lang: Lang;
  product: { name: string; nameAr: string };
  quantity: number;
  totalAmountHalalas: number;
  vatHalalas: number;
  paymentMethod: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  deliveryAddress: {
    city: string;
    district: string;
    street: string;
    building?: string;
    postalCode?: string;
  } | null;
  paidAt: Date | null;
  invoiceNumber: string;
  /** The printable invoice (with the order's access token), absolute. */
  invoiceUrl: string;
};

const copy = defineCopy({
  en: {
    buyer: {
      subject: "Your order {reference} is confirmed",
      preview: `Thank you for your order from ${studio.name.en}. Your payment has been received.`,
      heading: "Thank You, {name}",
      body: "We have received your payment and your order is confirmed. Each piece is finished by hand in our Riyadh studio; we will contact you to arrange delivery.",
      referenceLabel: "Your order number",
      referenceHint: "Please mention this number if you write to us about your order.",
      invoice: "View Your Invoice",
      invoiceHint: "Your simplified tax invoice {number} is ready to view, print or save as PDF.",
    },
    studio: {
      subject: "New paid order {reference}: {product}, {total}",
      heading: "A New Order Has Been Paid",
      intro: "Reply to this e-mail to write to {name} directly.",
    },
    labels: {
      reference: "Order",
      product: "Product",
      quantity: "Quantity",
      total: "Total (VAT included)",
      vat: "VAT (15%)",
      method: "Payment method",
      invoice: "Invoice",
      name: "Name",
      email: "E-mail",
      phone: "Mobile",
      address: "Delivery address",
      paidAt: "Paid",
      language: "Language",
    },
    building: "Building {number}",
    country: "Saudi Arabia",
    languages: { en: "English", ar: "Arabic" },
    riyadhTime: "(Riyadh time)",
    shipped: {
      subject: "Your order {reference} is on its way",
      preview: "Your {product} has left our Riyadh studio.",
      heading: "On Its Way, {name}",
      body: "Your {product} has left our studio in Riyadh and is on its way to you.",
      carrier: "Carrier",
      tracking: "Tracking number",
      noTracking:
        "We will send you the tracking details if the carrier gives us any. Write to us with your order number if you have a question.",
      view: "View Your Order",
    },
  },
  ar: {
    buyer: {
      subject: "تم تأكيد طلبك {reference}",
      preview: `شكرًا لطلبك من ${studio.name.ar}، استلمنا مبلغ طلبك بنجاح.`,
      heading: "شكرًا لك، {name}",
      body: "استلمنا مبلغ طلبك وتمّ تأكيده. كل قطعة تُشطَّب يدويًا في مشغلنا بالرياض، وسنتواصل معك لترتيب التوصيل.",
      referenceLabel: "رقم طلبك",
      referenceHint: "يُرجى ذكر هذا الرقم عند مراسلتنا بخصوص طلبك.",
      invoice: "عرض الفاتورة",
      invoiceHint: "فاتورتك الضريبية المبسّطة رقم {number} جاهزة للعرض أو الطباعة أو الحفظ بصيغة PDF.",
    },
    studio: {
      subject: "طلب مدفوع جديد {reference}: {product}، {total}",
      heading: "وصل طلب جديد مدفوع",
      intro: "ردّ على هذه الرسالة ليصل ردّك إلى {name} مباشرة.",
    },
    labels: {
      reference: "الطلب",
      product: "المنتج",
      quantity: "الكمية",
      total: "الإجمالي شامل الضريبة",
      vat: "ضريبة القيمة المضافة (١٥٪)",
      method: "طريقة الدفع",
      invoice: "الفاتورة",
      name: "الاسم",
      email: "البريد الإلكتروني",
      phone: "الجوال",
      address: "عنوان التوصيل",
      paidAt: "وقت الدفع",
      language: "اللغة",
    },
    building: "مبنى رقم {number}",
    country: "المملكة العربية السعودية",
    languages: { en: "الإنجليزية", ar: "العربية" },
    riyadhTime: "(بتوقيت الرياض)",
    shipped: {
      subject: "طلبك {reference} في الطريق إليك",
      preview: "غادرت قطعتك {product} مرسمنا في الرياض.",
      heading: "طلبك في الطريق، {name}",
      body: "غادرت قطعتك {product} مرسمنا في الرياض، وهي الآن في طريقها إليك.",
      carrier: "شركة الشحن",
      tracking: "رقم التتبّع",
      noTracking: "سنرسل إليك بيانات التتبّع إن وصلتنا من شركة الشحن. وإن كان لديك سؤال فراسلنا مع ذكر رقم طلبك.",
      view: "اعرض طلبك",
    },
  },
});

type Row = { label: string; value: Inline; multiline?: boolean };

function addressLines(order: PaidOrder, lang: Lang): string {
  const address = order.deliveryAddress;
  if (!address) return "";
  const t = copy[lang];
  const digits = (value: string) =>
    formatNumber(Number(value), lang, { useGrouping: false, minimumIntegerDigits: value.length });
  return [
    [address.street, address.building ? interpolate(t.building, { number: digits(address.building) }) : ""]
      .filter(Boolean)
      .join(lang === "ar" ? "، " : ", "),
    address.district,
    [address.city, address.postalCode ? digits(address.postalCode) : ""].filter(Boolean).join(" "),
    t.country,
  ]
    .map(oneLine)
    .join("\n");
}

/** As src/shared/payment-methods.ts labels the method (an unknown id prints as it is). */
function methodName(order: PaidOrder, lang: Lang): string {
  if (!order.paymentMethod) return "";
  return paymentMethods.find((method) => method.id === order.paymentMethod)?.label[lang] ?? order.paymentMethod;
}

function orderRows(order: PaidOrder, lang: Lang, full: boolean): Row[] {
  const t = copy[lang].labels;
  const rows: Row[] = [
    { label: t.reference, value: ltr(order.reference) },
    { label: t.product, value: lang === "ar" ? order.product.nameAr : order.product.name },
    { label: t.quantity, value: formatNumber(order.quantity, lang) },
    { label: t.total, value: isolated(formatPrice(order.totalAmountHalalas, lang)) },
    { label: t.vat, value: isolated(formatPrice(order.vatHalalas, lang)) },
    { label: t.method, value: methodName(order, lang) },
    { label: t.invoice, value: ltr(order.invoiceNumber) },
  ];
  if (full) {
    rows.push(
      { label: t.name, value: oneLine(order.customerName) },
      { label: t.email, value: ltr(order.customerEmail, `mailto:${order.customerEmail}`) },
    );
    if (order.customerPhone)
      rows.push({ label: t.phone, value: ltr(order.customerPhone, `tel:${order.customerPhone}`) });
  }
  const address = addressLines(order, lang);
  if (address) rows.push({ label: t.address, value: address, multiline: true });
  if (full) {
    rows.push({ label: t.language, value: copy[lang].languages[order.lang] });
    if (order.paidAt) rows.push({ label: t.paidAt, value: formatPaidAt(order.paidAt, lang) });
  }
  return rows;
}

function formatPaidAt(date: Date, lang: Lang): string {
  return `${riyadhDateTime(date, lang)} ${copy[lang].riyadhTime}`;
}

/** The buyer's confirmation, in the language of their checkout: reference, what, how much, where, and the invoice link. */
export function orderConfirmation(order: PaidOrder, studio: StudioContact): EmailContent {
  const lang = order.lang;
  const t = copy[lang];
  const blocks: EmailBlock[] = [
    { type: "heading", text: interpolate(t.buyer.heading, { name: oneLine(order.customerName) }) },
    { type: "paragraph", content: [t.buyer.body] },
    { type: "callout", label: t.buyer.referenceLabel, value: ltr(order.reference) },
    { type: "paragraph", content: [t.buyer.referenceHint] },
    { type: "fields", rows: orderRows(order, lang, false) },
    { type: "paragraph", content: fill(t.buyer.invoiceHint, { number: ltr(order.invoiceNumber) }) },
    { type: "button", text: t.buyer.invoice, href: order.invoiceUrl },
  ];
  return {
    lang,
    subject: interpolate(t.buyer.subject, { reference: order.reference }),
    preview: t.buyer.preview,
    blocks,
    footer: studioFooter(lang, studio),
  };
}

/** The studio's copy of a paid order, with the buyer's contact details; written in the buyer's language like the leads' copies. */
export function studioOrderNotification(order: PaidOrder, studio: StudioContact): EmailContent {
  const lang = order.lang;
  const t = copy[lang];
  const product = lang === "ar" ? order.product.nameAr : order.product.name;
  const subject = interpolate(t.studio.subject, {
    reference: order.reference,
    product,
    total: formatPrice(order.totalAmountHalalas, lang),
  });
  return {
    lang,
    subject,
    preview: subject,
    blocks: [
      { type: "heading", text: t.studio.heading },
      { type: "paragraph", content: [interpolate(t.studio.intro, { name: oneLine(order.customerName) })] },
      { type: "fields", rows: orderRows(order, lang, true) },
      { type: "button", text: t.buyer.invoice, href: order.invoiceUrl },
    ],
    footer: studioFooter(lang, studio),
  };
}

/** A shipped order as its e-mail shows it (issue 35). */
export type ShippedOrder = {
  reference: string;
  lang: Lang;
  customerName: string;
  product: { name: string; nameAr: string };
  carrier: string | null;
  trackingNumber: string | null;
  /** The order's page (with its access token in the fragment), absolute. */
  orderUrl: string;
};

/** The buyer's "shipped" e-mail, in the language of their checkout: carrier and tracking number when given. */
export function orderShipped(order: ShippedOrder, studio: StudioContact): EmailContent {
  const lang = order.lang;
  const t = copy[lang];
  const product = lang === "ar" ? order.product.nameAr : order.product.name;
  const rows: Row[] = [
    { label: t.labels.reference, value: ltr(order.reference) },
    { label: t.labels.product, value: product },
  ];
  if (order.carrier) rows.push({ label: t.shipped.carrier, value: oneLine(order.carrier) });
  if (order.trackingNumber) rows.push({ label: t.shipped.tracking, value: ltr(oneLine(order.trackingNumber)) });
  const blocks: EmailBlock[] = [
    { type: "heading", text: interpolate(t.shipped.heading, { name: oneLine(order.customerName) }) },
    { type: "paragraph", content: [interpolate(t.shipped.body, { product })] },
    { type: "fields", rows },
  ];
  if (!order.trackingNumber) blocks.push({ type: "paragraph", content: [t.shipped.noTracking] });
  blocks.push({ type: "button", text: t.shipped.view, href: order.orderUrl });
  return {
    lang,
    subject: interpolate(t.shipped.subject, { reference: order.reference }),
    preview: interpolate(t.shipped.preview, { product }),
    blocks,
    footer: studioFooter(lang, studio),
  };
}
