import { createHash } from "node:crypto";
import { studio } from "#content/studio.ts";
import { instalments } from "#server/modules/orders/pricing.ts";
import { formatNumber, formatPrice } from "#shared/i18n/format.ts";
import { defineCopy, interpolate } from "#shared/i18n/types.ts";
import { directionOf, type Lang } from "#shared/lang.ts";
import { paymentMethodOf, type PaymentMethodId } from "#shared/payment-methods.ts";
import { sandboxInstalmentTestData, type SandboxDetails } from "./adapter.ts";

/**
 * The sandbox's hosted page (decision 0017): server-rendered, self-contained HTML in the buyer's
 * language (RTL for Arabic), with a banner that says no real money moves, the providers'
 * documented test data next to each form, and one inline stylesheet allowed by its hash.
 */

const copy = defineCopy({
  en: {
    banner: "Sandbox — no real money. This page stands in for the payment provider; nothing is charged.",
    merchant: studio.name.en,
    order: "Order {reference}",
    total: "Total",
    card: {
      heading: "Pay by card",
      number: "Card number",
      expiry: "Expiry (MM/YY)",
      cvc: "CVC",
      name: "Name on the card",
      pay: "Pay {amount}",
      testData: "Test cards",
      outcomes: {
        paid: "approved",
        insufficient: "fails: insufficient funds",
        declined: "declined (as is any other number)",
      },
    },
    threeDs: {
      heading: "3-D Secure verification",
      body: "Your bank asks you to confirm the payment of {amount} to {merchant} with the card ending in {last4}.",
      approve: "Approve",
      fail: "Fail authentication",
    },
    instalments: {
      heading: "Pay in {count} with {provider}",
      body: "{count} interest-free monthly payments of {amount}.",
      phone: "Mobile number",
      approve: "Approve",
      decline: "Decline",
      testData: "Test numbers",
      approved: "approved",
      declined: "declined",
    },
    cancel: "Cancel and return to the shop",
    back: "Return to the shop",
    status: {
      requires_action: "Waiting for payment",
      authorized: "Payment approved",
      paid: "Payment complete",
      failed: "Payment failed",
      cancelled: "Payment cancelled",
      expired: "Payment expired",
      refunded: "Payment refunded",
    },
    errors: {
      number: "Enter the card number (12 to 19 digits).",
      expiry: "Enter the expiry as MM/YY.",
      cvc: "Enter the 3 or 4 digit CVC.",
      name: "Enter the name on the card.",
      phone: "Enter a mobile number.",
      notFound: "This payment does not exist.",
    },
  },
  ar: {
    banner: "بيئة تجريبية — لا تُخصم أي مبالغ حقيقية. هذه الصفحة تحاكي بوابة الدفع، ولن يُسحب أي مبلغ.",
    merchant: studio.name.ar,
    order: "الطلب {reference}",
    total: "الإجمالي",
    card: {
      heading: "الدفع بالبطاقة",
      number: "رقم البطاقة",
      expiry: "تاريخ الانتهاء (شهر/سنة)",
      cvc: "رمز التحقق (CVC)",
      name: "الاسم على البطاقة",
      pay: "ادفع {amount}",
      testData: "بطاقات تجريبية",
      outcomes: {
        paid: "تُقبل",
        insufficient: "تُرفض لعدم كفاية الرصيد",
        declined: "تُرفض (وكذلك أي رقم آخر)",
      },
    },
    threeDs: {
      heading: "التحقق الآمن (3-D Secure)",
      body: "يطلب منك البنك تأكيد دفع {amount} إلى {merchant} بالبطاقة المنتهية بالأرقام {last4}.",
      approve: "تأكيد الدفع",
      fail: "رفض التحقق",
    },
    instalments: {
      heading: "قسّمها على {count} دفعات مع {provider}",
      body: "{count} دفعات شهرية بلا فوائد، قيمة كل دفعة {amount}.",
      phone: "رقم الجوال",
      approve: "موافقة",
      decline: "رفض",
      testData: "أرقام تجريبية",
      approved: "تُقبل",
      declined: "تُرفض",
    },
    cancel: "إلغاء والعودة إلى المتجر",
    back: "العودة إلى المتجر",
    status: {
      requires_action: "بانتظار الدفع",
      authorized: "تمت الموافقة على الدفع",
      paid: "تمّ الدفع بنجاح",
      failed: "لم تتم عملية الدفع",
      cancelled: "أُلغيت عملية الدفع",
      expired: "انتهت صلاحية عملية الدفع",
      refunded: "استُردّ المبلغ",
    },
    errors: {
      number: "أدخل رقم البطاقة (من ١٢ إلى ١٩ رقمًا).",
      expiry: "أدخل تاريخ الانتهاء بصيغة شهر/سنة (MM/YY).",
      cvc: "أدخل رمز التحقق المكوّن من ٣ أو ٤ أرقام.",
      name: "أدخل الاسم كما يظهر على البطاقة.",
      phone: "أدخل رقم الجوال.",
      notFound: "عملية الدفع هذه غير موجودة.",
    },
  },
});

type Copy = (typeof copy)["en"];
export type CardErrors = Partial<Record<"number" | "expiry" | "cvc" | "name" | "phone", true>>;

const STYLE = `
:root{color-scheme:light;--ink:#2b2118;--muted:#6f6357;--line:#e3dbd0;--accent:#8a5a2b;--bg:#f6f1ea}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;color:var(--ink);background:var(--bg)}
.banner{background:#fff3cd;border-block-end:2px solid #e0b100;padding:.75rem 1rem;text-align:center;font-weight:600}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid var(--line);border-radius:.75rem}
h1{font-size:1.25rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.25rem 0 .5rem}.muted{color:var(--muted);margin:0}
.total{display:flex;justify-content:space-between;margin:1rem 0;padding:.75rem 0;border-block:1px solid var(--line);font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem;border:1px solid var(--line);border-radius:.5rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}.error{color:#a4262c;font-size:.9rem;margin:.25rem 0 0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button{flex:1;padding:.7rem 1rem;border:0;border-radius:.5rem;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:var(--accent);border:1px solid var(--accent)}
button.link{background:none;color:var(--muted);text-decoration:underline;flex:none;padding:.5rem 0}
ul.test{font-size:.9rem;color:var(--muted);padding-inline-start:1.25rem}a{color:var(--accent)}
`;

const styleHash = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/** The page's own policy: nothing but its stylesheet; forms post here, and may redirect to the shop. */
export function sandboxPageCsp(returnOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src ${styleHash}`,
    "img-src 'self' data:",
    `form-action 'self' ${returnOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const bdi = (text: string, ltr = false) => `<bdi${ltr ? ' dir="ltr"' : ""}>${escapeHtml(text)}</bdi>`;

export type SandboxPageModel = {
  id: string;
  status: string;
  method: string;
  amountHalalas: number;
  orderReference: string;
  details: SandboxDetails;
};

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">${escapeHtml(copy[lang].banner)}</div><main>${body}</main></body></html>`;
}

function header(t: Copy, lang: Lang, payment: SandboxPageModel): string {
  return `<h1>${escapeHtml(t.merchant)}</h1>
<p class="muted">${interpolate(escapeHtml(t.order), { reference: bdi(payment.orderReference, true) })}</p>
<div class="total"><span>${escapeHtml(t.total)}</span>${bdi(formatPrice(payment.amountHalalas, lang))}</div>`;
}

const cancelForm = (t: Copy, id: string) =>
  `<form method="post" action="/sandbox-gateway/pay/${id}/cancel"><button class="link" type="submit">${escapeHtml(t.cancel)}</button></form>`;

function field(
  name: string,
  label: string,
  options: { value?: string; error?: string; ltr?: boolean; autocomplete?: string; inputmode?: string },
): string {
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}"${options.ltr ? ' dir="ltr"' : ""}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ""}${options.inputmode ? ` inputmode="${options.inputmode}"` : ""} value="${escapeHtml(options.value ?? "")}"${options.error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
${options.error ? `<p class="error" id="${name}-error">${escapeHtml(options.error)}</p>` : ""}`;
}

function cardForm(
  t: Copy,
  lang: Lang,
  payment: SandboxPageModel,
  values: Record<string, string>,
  errors: CardErrors,
): string {
  const cards: [string, string][] = [
    ["4111 1111 1111 1111", t.card.outcomes.paid],
    ["5421 0801 0100 0000", t.card.outcomes.paid],
    ["4201 3201 1111 1010", t.card.outcomes.paid],
    ["4201 3200 0031 1101", t.card.outcomes.insufficient],
    ["4201 3212 3441 1220", t.card.outcomes.declined],
  ];
  const amount = formatPrice(payment.amountHalalas, lang);
  return `<h2>${escapeHtml(t.card.heading)}</h2>
<form method="post" action="/sandbox-gateway/pay/${payment.id}/card" novalidate>
${field("number", t.card.number, { value: values.number, error: errors.number && t.errors.number, ltr: true, autocomplete: "cc-number", inputmode: "numeric" })}
<div class="row"><div>${field("expiry", t.card.expiry, { value: values.expiry, error: errors.expiry && t.errors.expiry, ltr: true, autocomplete: "cc-exp" })}</div>
<div>${field("cvc", t.card.cvc, { value: values.cvc, error: errors.cvc && t.errors.cvc, ltr: true, autocomplete: "cc-csc", inputmode: "numeric" })}</div></div>
${field("name", t.card.name, { value: values.name, error: errors.name && t.errors.name, autocomplete: "cc-name" })}
<div class="actions"><button type="submit">${interpolate(escapeHtml(t.card.pay), { amount: bdi(amount) })}</button></div>
</form>
<h2>${escapeHtml(t.card.testData)}</h2>
<ul class="test">${cards.map(([number, outcome]) => `<li>${bdi(number, true)} — ${escapeHtml(outcome)}</li>`).join("")}</ul>
${cancelForm(t, payment.id)}`;
}

function threeDsForm(t: Copy, lang: Lang, payment: SandboxPageModel): string {
  const body = interpolate(escapeHtml(t.threeDs.body), {
    amount: bdi(formatPrice(payment.amountHalalas, lang)),
    merchant: escapeHtml(t.merchant),
    last4: bdi(
      lang === "ar"
        ? payment.details.card!.last4.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!)
        : payment.details.card!.last4,
      true,
    ),
  });
  return `<h2>${escapeHtml(t.threeDs.heading)}</h2><p>${body}</p>
<form method="post" action="/sandbox-gateway/pay/${payment.id}/3ds"><div class="actions">
<button type="submit" name="action" value="approve">${escapeHtml(t.threeDs.approve)}</button>
<button class="secondary" type="submit" name="action" value="fail">${escapeHtml(t.threeDs.fail)}</button>
</div></form>`;
}

function instalmentsForm(
  t: Copy,
  lang: Lang,
  payment: SandboxPageModel,
  values: Record<string, string>,
  errors: CardErrors,
): string {
  const method = paymentMethodOf(payment.method as PaymentMethodId);
  const count = method.instalments ?? 1;
  const [first = 0] = instalments(payment.amountHalalas, count);
  const testData = sandboxInstalmentTestData[method.provider];
  const numbers: [string, string][] = testData
    ? [
        [testData.approve, t.instalments.approved],
        [testData.decline, t.instalments.declined],
      ]
    : [];
  const words = { count: formatNumber(count, lang), provider: escapeHtml(method.label[lang]) };
  return `<h2>${interpolate(escapeHtml(t.instalments.heading), words)}</h2>
<p>${interpolate(escapeHtml(t.instalments.body), { ...words, amount: bdi(formatPrice(first, lang)) })}</p>
<form method="post" action="/sandbox-gateway/pay/${payment.id}/decide" novalidate>
${field("phone", t.instalments.phone, { value: values.phone ?? payment.details.phone, error: errors.phone && t.errors.phone, ltr: true, autocomplete: "tel", inputmode: "tel" })}
<div class="actions"><button type="submit" name="action" value="approve">${escapeHtml(t.instalments.approve)}</button>
<button class="secondary" type="submit" name="action" value="decline">${escapeHtml(t.instalments.decline)}</button></div>
</form>
${
  numbers.length > 0
    ? `<h2>${escapeHtml(t.instalments.testData)}</h2>
<ul class="test">${numbers.map(([number, outcome]) => `<li>${bdi(number, true)} — ${escapeHtml(outcome)}</li>`).join("")}</ul>
`
    : ""
}${cancelForm(t, payment.id)}`;
}

/** The page for a payment in its current state: the form of its step, or where it ended and the way back. */
export function renderSandboxPage(
  payment: SandboxPageModel,
  form: { values?: Record<string, string>; errors?: CardErrors } = {},
): string {
  const lang = payment.details.lang;
  const t = copy[lang];
  const values = form.values ?? {};
  const errors = form.errors ?? {};
  let body = header(t, lang, payment);
  if (payment.status === "requires_action") {
    // Instalment methods approve by phone; the other hosted method is the card with its 3-D Secure step.
    if (paymentMethodOf(payment.method as PaymentMethodId).instalments === null) {
      body += payment.details.card ? threeDsForm(t, lang, payment) : cardForm(t, lang, payment, values, errors);
    } else {
      body += instalmentsForm(t, lang, payment, values, errors);
    }
  } else {
    const status = (t.status as Record<string, string>)[payment.status] ?? payment.status;
    body += `<h2>${escapeHtml(status)}</h2><p><a href="${escapeHtml(payment.details.returnUrl)}">${escapeHtml(t.back)}</a></p>`;
  }
  return layout(lang, `${t.merchant} — ${formatPrice(payment.amountHalalas, lang)}`, body);
}

export function renderSandboxNotFound(lang: Lang): string {
  return layout(lang, copy[lang].merchant, `<h1>${escapeHtml(copy[lang].errors.notFound)}</h1>`);
}

/** The card form's checks (the card's outcome itself is decided by the test number). */
export function checkCardForm(values: Record<string, string>): CardErrors {
  const errors: CardErrors = {};
  const digits = (values.number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) errors.number = true;
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec((values.expiry ?? "").trim());
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = true;
  if (!/^\d{3,4}$/.test((values.cvc ?? "").trim())) errors.cvc = true;
  if (!(values.name ?? "").trim()) errors.name = true;
  return errors;
}
