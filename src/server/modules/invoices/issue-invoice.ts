import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import { invoices, orders } from "#server/db/schema/orders.ts";
import type { InvoiceConfig } from "./invoice-config.ts";
import { encodeZatcaQr } from "./zatca-qr.ts";

/** What an invoice freezes of its order; the paying transaction has it at hand already. */
export type InvoicedOrder = { total: number; vat: number; paidAt: Date | null };

/**
 * What the invoice chain's function takes from us: the issue time, the ZATCA QR payload and the
 * tail of the hash. hash = base64(SHA-256(previous hash | number | tail)): the function adds what
 * only the lock knows.
 */
export function invoiceChainInputs(
  orderId: string,
  config: InvoiceConfig,
  order: InvoicedOrder,
): { issuedAt: Date; qrPayload: string; hashTail: string } {
  const issuedAt = order.paidAt ?? new Date();
  const qrPayload = encodeZatcaQr({
    sellerName: config.SELLER_LEGAL_NAME_AR,
    vatNumber: config.SELLER_VAT_NUMBER,
    timestamp: issuedAt,
    totalHalalas: order.total,
    vatHalalas: order.vat,
  });
  const hashTail = [orderId, issuedAt.toISOString(), order.total, order.vat, qrPayload].join("|");
  return { issuedAt, qrPayload, hashTail };
}

/**
 * Issues the simplified tax invoice of a paid order, inside the transaction that marks it paid
 * (so a paid order always has exactly one invoice, and an invoice only exists for a paid order).
 * Serials run without gaps (INV-000001, INV-000002, …) because each is drawn under the lock; an
 * order paid through the sandbox gateway is numbered in the test series instead (TEST-000001, its
 * own chain under its own lock: issue 35), so no test takes a number of the real sequence.
 * Idempotent: a second call for the same order answers the existing invoice. Invoices are chained
 * (each hash covers the previous one) under a transaction-scoped advisory lock, so two instances
 * issuing at once still build one chain. The lock, the read of the last invoice and the insert are
 * one call of `issue_invoice_in_chain` (migration 0008): the lock is held until commit and every
 * paying buyer queues on it, so nothing that can be done before it waits inside it.
 */
export async function issueInvoice(
  tx: Db,
  orderId: string,
  config: InvoiceConfig,
  known?: InvoicedOrder,
): Promise<{ number: string }> {
  const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;

  let order = known;
  if (!order) {
    [order] = await tx
      .select({ total: orders.totalAmountHalalas, vat: orders.vatHalalas, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, orderId));
  }
  if (!order) throw new Error(`issueInvoice: no order ${orderId}`);

  const { issuedAt, qrPayload, hashTail } = invoiceChainInputs(orderId, config, order);
  const [row] = rowsOf<{ number: string }>(
    await tx.execute(sql`select issue_invoice_in_chain(
      ${orderId}::uuid, ${issuedAt.toISOString()}::timestamptz, ${config.SELLER_LEGAL_NAME}, ${config.SELLER_LEGAL_NAME_AR},
      ${config.SELLER_VAT_NUMBER}, ${order.total}::integer, ${order.vat}::integer, ${qrPayload}, ${hashTail},
      ${config.SELLER_ADDRESS_EN}, ${config.SELLER_ADDRESS_AR}
    ) as number`),
  );
  if (!row) throw new Error(`issueInvoice: no invoice issued for ${orderId}`);
  return { number: row.number };
}
