import type { EmailToSend } from "#server/modules/notifications/enqueue-email.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";
import { orderConfirmation, orderShipped, studioOrderNotification } from "./order-emails.ts";
import type { OrderRow } from "./order-row.ts";
import { markIfTestOrder } from "./test-order-emails.ts";

/** The printable invoice of an order, opened with its access token (decision 0017). */
export function invoiceUrl(siteUrl: string, order: { reference: string; lang: string }, accessToken: string): string {
  const params = new URLSearchParams({ ref: order.reference, access: accessToken });
  return `${siteUrl}${order.lang === "ar" ? "/ar" : ""}/orders/invoice#${params.toString()}`;
}

/** The order's own page, opened with its access token (in the fragment, which no server log sees). */
export function orderPageUrl(siteUrl: string, order: { reference: string; lang: string }, accessToken: string): string {
  const params = new URLSearchParams({ ref: order.reference, access: accessToken });
  return `${siteUrl}${order.lang === "ar" ? "/ar" : ""}/orders#${params.toString()}`;
}

/** The buyer's "shipped" e-mail (issue 35), once per order. */
export function shippedEmail(
  order: OrderRow & { product: { name: string; nameAr: string } },
  settings: { accessToken: string; siteUrl: string; studio: StudioContact },
): EmailToSend {
  return {
    kind: "order.shipped",
    to: order.customerEmail,
    dedupeKey: `order:${order.id}:shipped`,
    email: markIfTestOrder(
      order,
      orderShipped(
        {
          reference: order.reference,
          lang: order.lang === "ar" ? "ar" : "en",
          customerName: order.customerName,
          product: order.product,
          carrier: order.carrier,
          trackingNumber: order.trackingNumber,
          orderUrl: orderPageUrl(settings.siteUrl, order, settings.accessToken),
        },
        settings.studio,
      ),
    ),
  };
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
