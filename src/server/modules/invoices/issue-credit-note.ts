import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import { products } from "#server/db/schema/catalog.ts";
import { creditNotes } from "#server/db/schema/documents.ts";
import { invoices, orders } from "#server/db/schema/orders.ts";
import type { StudioContact } from "#server/modules/leads/lead-emails.ts";
import { enqueueEmails } from "#server/modules/notifications/enqueue-email.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import { vatIncluded } from "#server/modules/orders/pricing.ts";
import { creditNoteIssued } from "./credit-note-emails.ts";
import type { InvoiceConfig } from "./invoice-config.ts";
import { encodeZatcaQr } from "./zatca-qr.ts";

export type CreditNoteRequest = {
  orderId: string;
  /** The refunded amount, VAT included (prices include VAT), in halalas. */
  amountHalalas: number;
  /** Why the studio refunds, printed on the note. */
  reason: string;
  /** Names the refund (the provider's refund id, or the refund flow's own key): one credit note per refund. */
  refundKey: string;
};

/**
 * What issuing needs besides the transaction: the seller as configured now, and what the buyer's
 * e-mail shows and links to. The payments' context (`app.payments`) has these fields.
 */
export type CreditNoteSettings = {
  invoice: InvoiceConfig;
  siteUrl: string;
  mail: { studio: StudioContact };
  /** The order's access token for the e-mail's link; computed when not given. */
  accessToken?: string;
};

export type IssuedCreditNote = {
  number: string;
  amountHalalas: number;
  vatHalalas: number;
  /** False when the refund already had its credit note (nothing was written). */
  created: boolean;
  /** E-mails enqueued in the transaction: call the outbox's nudge after the commit when > 0. */
  emails: number;
};

/** A credit note the order cannot have (no invoice, nothing left to refund); nothing is written. */
export class CreditNoteRefused extends Error {
  override name = "CreditNoteRefused";
}

/** The printable credit note, opened with the order's access token in the fragment (never a server log). */
export function creditNoteUrl(
  siteUrl: string,
  order: { reference: string; lang: string },
  number: string,
  accessToken: string,
): string {
  const params = new URLSearchParams({ ref: order.reference, number, access: accessToken });
  return `${siteUrl}${order.lang === "ar" ? "/ar" : ""}/orders/credit-note#${params.toString()}`;
}

/**
 * Issues the simplified credit note of one refund of a paid order (issue 35), inside the
 * transaction that records the refund, with the buyer's refund e-mail (`creditNoteIssued`, outbox,
 * the same transaction). Idempotent on `refundKey`: a second call answers the note already issued.
 *
 * The order's row is locked first, so the notes of one order are issued one at a time and the
 * amount already credited is read after the lock: a note never takes the order past its invoiced
 * total. VAT is amount × 15/115 rounded to the halala as the invoice rounds it; the note that
 * completes the total takes the invoice's VAT less what the earlier notes credited, so the notes
 * of a fully refunded order add up to its invoice to the halala. The number is drawn like the
 * invoice's (`issue_credit_note_in_chain`, migration 0014: a gap-free serial under a
 * transaction-scoped advisory lock, a hash chain): CN-000001, or TEST-CN-000001 for an order paid
 * through the sandbox gateway.
 */
export async function issueCreditNote(
  tx: Db,
  request: CreditNoteRequest,
  settings: CreditNoteSettings,
): Promise<IssuedCreditNote> {
  const { orderId, amountHalalas, refundKey } = request;
  if (!Number.isSafeInteger(amountHalalas) || amountHalalas <= 0) {
    throw new CreditNoteRefused(`issueCreditNote: the amount must be a positive number of halalas (${amountHalalas})`);
  }
  if (!refundKey.trim()) throw new CreditNoteRefused("issueCreditNote: a refund key is required");
  const reason = request.reason.trim() || "Refund";

  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new CreditNoteRefused(`issueCreditNote: no order ${orderId}`);

  const [existing] = await tx
    .select({
      number: creditNotes.number,
      amountHalalas: creditNotes.amountHalalas,
      vatHalalas: creditNotes.vatHalalas,
    })
    .from(creditNotes)
    .where(eq(creditNotes.refundKey, refundKey));
  if (existing) return { ...existing, created: false, emails: 0 };

  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new CreditNoteRefused(`issueCreditNote: order ${order.reference} has no invoice`);
  const [credited] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${creditNotes.amountHalalas}), 0)::integer`,
      vat: sql<number>`coalesce(sum(${creditNotes.vatHalalas}), 0)::integer`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId));
  const creditedAmount = Number(credited?.amount ?? 0);
  const creditedVat = Number(credited?.vat ?? 0);
  const remaining = invoice.totalHalalas - creditedAmount;
  if (amountHalalas > remaining) {
    throw new CreditNoteRefused(
      `issueCreditNote: ${amountHalalas} halalas exceed what is left to credit on ${invoice.number} (${remaining})`,
    );
  }
  const full = amountHalalas === remaining;
  const vatHalalas = full ? Math.max(0, invoice.vatHalalas - creditedVat) : vatIncluded(amountHalalas);

  const { invoice: seller } = settings;
  const issuedAt = new Date();
  const qrPayload = encodeZatcaQr({
    sellerName: seller.SELLER_LEGAL_NAME_AR,
    vatNumber: seller.SELLER_VAT_NUMBER,
    timestamp: issuedAt,
    totalHalalas: amountHalalas,
    vatHalalas,
  });
  const hashTail = [
    orderId,
    invoice.number,
    issuedAt.toISOString(),
    amountHalalas,
    vatHalalas,
    qrPayload,
    refundKey,
  ].join("|");
  const [row] = rowsOf<{ number: string }>(
    await tx.execute(sql`select issue_credit_note_in_chain(
      ${orderId}::uuid, ${invoice.id}::uuid, ${refundKey}, ${issuedAt.toISOString()}::timestamptz,
      ${seller.SELLER_LEGAL_NAME}, ${seller.SELLER_LEGAL_NAME_AR}, ${seller.SELLER_VAT_NUMBER},
      ${seller.SELLER_ADDRESS_EN}, ${seller.SELLER_ADDRESS_AR},
      ${amountHalalas}::integer, ${vatHalalas}::integer, ${reason}, ${qrPayload}, ${hashTail}
    ) as number`),
  );
  if (!row) throw new Error(`issueCreditNote: no credit note issued for ${order.reference}`);

  const [product] = await tx
    .select({ name: products.name, nameAr: products.nameAr })
    .from(products)
    .where(eq(products.id, order.productId));
  const lang = order.lang === "ar" ? "ar" : "en";
  const accessToken = settings.accessToken ?? (await orderAccessToken(tx, orderId));
  const emails = await enqueueEmails(tx, [
    {
      kind: "order.credit-note",
      to: order.customerEmail,
      dedupeKey: `credit-note:${row.number}:buyer`,
      email: creditNoteIssued(
        {
          lang,
          customerName: order.customerName,
          orderReference: order.reference,
          product: product ?? { name: order.productId, nameAr: order.productId },
          number: row.number,
          invoiceNumber: invoice.number,
          issuedAt,
          amountHalalas,
          vatHalalas,
          full,
          test: order.gateway === "sandbox",
          url: creditNoteUrl(settings.siteUrl, order, row.number, accessToken),
        },
        settings.mail.studio,
      ),
    },
  ]);
  return { number: row.number, amountHalalas, vatHalalas, created: true, emails };
}
