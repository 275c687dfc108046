import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema/catalog.ts";
import { creditNotes } from "#server/db/schema/documents.ts";
import { invoices, type orders } from "#server/db/schema/orders.ts";
import { VAT_RATE_PERCENT, type CreditNoteLink, type CreditNoteView } from "#shared/schemas/invoice.ts";
import { documentBuyer, documentSeller, riyadhIso } from "./invoice-view.ts";
import { qrSvg } from "./qr-code.ts";

type CreditNoteRow = typeof creditNotes.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The credit note as printed, from what was frozen when it was issued (seller, amount, VAT,
 * reason, time, QR payload), the invoice it corrects and the order. The amount before VAT is the
 * amount less its VAT, so the three totals add up to the halala.
 */
export function toCreditNoteView(
  note: CreditNoteRow,
  order: OrderRow,
  invoice: { number: string; issuedAt: Date },
  product: { name: string; nameAr: string },
): CreditNoteView {
  return {
    number: note.number,
    issuedAt: riyadhIso(note.issuedAt),
    test: note.series === "test",
    seller: documentSeller(note),
    buyer: documentBuyer(order),
    orderReference: order.reference,
    invoice: { number: invoice.number, issuedAt: riyadhIso(invoice.issuedAt) },
    product,
    reason: note.reason,
    totals: {
      excludingVatHalalas: note.amountHalalas - note.vatHalalas,
      vatHalalas: note.vatHalalas,
      includingVatHalalas: note.amountHalalas,
    },
    vatRatePercent: VAT_RATE_PERCENT,
    currency: "SAR",
    qrPayload: note.qrPayload,
    qrSvg: qrSvg(note.qrPayload),
  };
}

/** One credit note of an order the caller may already read, by its number, or null. */
export async function getCreditNoteView(db: Db, order: OrderRow, number: string): Promise<CreditNoteView | null> {
  const [row] = await db
    .select({
      note: creditNotes,
      invoiceNumber: invoices.number,
      invoiceIssuedAt: invoices.issuedAt,
      name: products.name,
      nameAr: products.nameAr,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(products, eq(products.id, order.productId))
    .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, number.trim().toUpperCase())));
  if (!row) return null;
  return toCreditNoteView(
    row.note,
    order,
    { number: row.invoiceNumber, issuedAt: row.invoiceIssuedAt },
    { name: row.name, nameAr: row.nameAr },
  );
}

/** The credit notes of these orders, oldest first, as the order views link them. */
export async function creditNoteLinks(db: Db, orderIds: string[]): Promise<Map<string, CreditNoteLink[]>> {
  const byOrder = new Map<string, CreditNoteLink[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: creditNotes.orderId,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      amountHalalas: creditNotes.amountHalalas,
    })
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({ number: row.number, issuedAt: riyadhIso(row.issuedAt), amountHalalas: row.amountHalalas });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
