import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { invoices, orders } from "#server/db/schema/orders.ts";
import type { InvoiceConfig } from "./invoice-config.ts";
import { encodeZatcaQr } from "./zatca-qr.ts";

/** INV-000042: the serial, as printed. */
export function invoiceNumber(serial: number): string {
  return `INV-${String(serial).padStart(6, "0")}`;
}

/**
 * Issues the simplified tax invoice of a paid order, inside the transaction that marks it paid
 * (so a paid order always has exactly one invoice, and an invoice only exists for a paid order).
 * Serials run without gaps (INV-000001, INV-000002, …) because each is drawn under the lock.
 * Idempotent: a second call for the same order answers the existing invoice. Invoices are chained
 * (each hash covers the previous one) under a transaction-scoped advisory lock, so two instances
 * issuing at once still build one chain.
 */
export async function issueInvoice(tx: Db, orderId: string, config: InvoiceConfig): Promise<{ number: string }> {
  const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;

  const [order] = await tx
    .select({ total: orders.totalAmountHalalas, vat: orders.vatHalalas, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`issueInvoice: no order ${orderId}`);

  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoices-chain'))`);
  // The next serial is the last one plus one, read under the lock: a paying transaction that rolls
  // back after issuing leaves no gap in the numbering (a sequence would skip the number it drew).
  const [previous] = await tx
    .select({ serial: invoices.serial, hash: invoices.hash })
    .from(invoices)
    .orderBy(desc(invoices.serial))
    .limit(1);
  const serial = (previous?.serial ?? 0) + 1;

  const issuedAt = order.paidAt ?? new Date();
  const qrPayload = encodeZatcaQr({
    sellerName: config.SELLER_LEGAL_NAME_AR,
    vatNumber: config.SELLER_VAT_NUMBER,
    timestamp: issuedAt,
    totalHalalas: order.total,
    vatHalalas: order.vat,
  });
  const number = invoiceNumber(serial);
  const hash = createHash("sha256")
    .update(
      [previous?.hash ?? "", number, orderId, issuedAt.toISOString(), order.total, order.vat, qrPayload].join("|"),
    )
    .digest("base64");

  await tx.insert(invoices).values({
    serial,
    number,
    orderId,
    issuedAt,
    sellerName: config.SELLER_LEGAL_NAME,
    sellerNameAr: config.SELLER_LEGAL_NAME_AR,
    sellerVatNumber: config.SELLER_VAT_NUMBER,
    totalHalalas: order.total,
    vatHalalas: order.vat,
    qrPayload,
    previousHash: previous?.hash ?? null,
    hash,
  });
  return { number };
}
