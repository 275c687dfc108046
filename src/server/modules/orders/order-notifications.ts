import type { EmailToSend } from "#server/modules/notifications/enqueue-email.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";
import { orderConfirmation, studioOrderNotification } from "./order-emails.ts";
import type { OrderRow } from "./order-row.ts";
import { markIfTestOrder } from "./test-order-emails.ts";

/** The printable invoice of an order, opened with its access token (decision 0017). */
export function invoiceUrl(siteUrl: string, order: { reference: string; lang: string }, accessToken: string): string {
  const params = new URLSearchParams({ ref: order.reference, access: accessToken });
  return `${siteUrl}${order.lang === "ar" ? "/ar" : ""}/orders/invoice#${params.toString()}`;
}

/**
 * A paid order's two e-mails: the buyer's confirmation in the order's language and the studio's
 * copy (Reply-To the buyer). The dedupe keys make each exist once per order, however many times
 * the paying transition is attempted.
 */
export function orderEmails(
  order: OrderRow & { product: { name: string; nameAr: string } },
  settings: { invoiceNumber: string; accessToken: string; siteUrl: string; notify: string; studio: StudioContact },
): EmailToSend[] {
  const paid = {
    ...order,
    lang: order.lang === "ar" ? ("ar" as const) : ("en" as const),
    invoiceNumber: settings.invoiceNumber,
    invoiceUrl: invoiceUrl(settings.siteUrl, order, settings.accessToken),
  };
  return [
    {
      kind: "order.confirmation",
      to: order.customerEmail,
      dedupeKey: `order:${order.id}:confirmation`,
      email: markIfTestOrder(order, orderConfirmation(paid, settings.studio)),
    },
    {
      kind: "order.studio",
      to: settings.notify,
      replyTo: order.customerEmail,
      dedupeKey: `order:${order.id}:studio`,
      email: markIfTestOrder(order, studioOrderNotification(paid, settings.studio)),
    },
  ];
}
