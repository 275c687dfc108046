import { defineCopy } from "#shared/i18n/types.ts";
import { isTestOrder } from "#shared/test-orders.ts";
import type { EmailContent } from "#server/modules/notifications/email-content.ts";

const copy = defineCopy({
  en: {
    prefix: "[TEST] ",
    line: "Test order: it was paid on the shop's test payment gateway. No money was taken, and nothing will be made or delivered.",
  },
  ar: {
    prefix: "[تجريبي] ",
    line: "طلب تجريبي: دُفع عبر بوابة الدفع التجريبية للمتجر. لم يُخصم أي مبلغ، ولن يُصنع شيء أو يُوصَّل.",
  },
});

/**
 * Any e-mail about an order, marked when the order is a test (issue 35: the sandbox moved no
 * money): the subject starts with "[TEST]" ("[تجريبي]") and the first block says so, in the
 * e-mail's language. Other e-mails pass through unchanged. Every e-mail about an order goes
 * through this (the confirmations now; shipping, refunds and credit notes as they come).
 */
export function markIfTestOrder(order: { gateway: string | null }, email: EmailContent): EmailContent {
  if (!isTestOrder(order)) return email;
  const t = copy[email.lang];
  return {
    ...email,
    subject: `${t.prefix}${email.subject}`,
    preview: `${t.prefix}${email.preview}`,
    blocks: [{ type: "paragraph", content: [{ text: t.line, strong: true }] }, ...email.blocks],
  };
}
