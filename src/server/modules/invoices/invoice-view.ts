import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema/catalog.ts";
import { invoices, type orders } from "#server/db/schema/orders.ts";
import { VAT_RATE_PERCENT, type DocumentSeller, type InvoiceLine, type InvoiceView } from "#shared/schemas/invoice.ts";
import { qrSvg } from "./qr-code.ts";

type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ProductNames = { name: string; nameAr: string };

/** Riyadh keeps UTC+3 all year (no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 3600_000;

/** An instant as Riyadh's wall clock in ISO 8601: 2026-11-23T13:15:30+03:00. */
export function riyadhIso(date: Date): string {
  return new Date(date.getTime() + RIYADH_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, "+03:00");
}

/** The seller as frozen in an invoice or a credit note. */
export function documentSeller(row: {
  sellerName: string;
  sellerNameAr: string;
  sellerVatNumber: string;
  sellerAddress: string | null;
  sellerAddressAr: string | null;
}): DocumentSeller {
  return {
    name: row.sellerName,
    nameAr: row.sellerNameAr,
    vatNumber: row.sellerVatNumber,
    address: row.sellerAddress && row.sellerAddressAr ? { en: row.sellerAddress, ar: row.sellerAddressAr } : null,
  };
}

/** The buyer as the order recorded them at checkout. */
export function documentBuyer(order: OrderRow): InvoiceView["buyer"] {
  const address = order.deliveryAddress;
  return {
    name: order.customerName,
    address: address
      ? {
          city: address.city,
          district: address.district,
          street: address.street,
          building: address.building,
          postalCode: address.postalCode,
          country: "SA",
        }
      : null,
  };
}

/**
 * The invoice as printed, from what was frozen when it was issued (seller, totals, time, QR
 * payload) and the order it belongs to. Prices include VAT, so the amount before VAT is the total
 * less the VAT the order recorded: the three totals always add up to the halala. The one line's
 * unit price before VAT is that amount divided by the quantity, rounded to the halala.
 */
export function toInvoiceView(invoice: InvoiceRow, order: OrderRow, product: ProductNames): InvoiceView {
  const excludingVat = invoice.totalHalalas - invoice.vatHalalas;
  const line: InvoiceLine = {
    productId: order.productId,
    name: product.name,
    nameAr: product.nameAr,
    quantity: order.quantity,
    unitPriceExcludingVatHalalas: Math.round(excludingVat / order.quantity),
    vatRatePercent: VAT_RATE_PERCENT,
    vatHalalas: invoice.vatHalalas,
    totalIncludingVatHalalas: invoice.totalHalalas,
  };
  return {
    number: invoice.number,
    issuedAt: riyadhIso(invoice.issuedAt),
    test: invoice.series === "test",
    seller: documentSeller(invoice),
    buyer: documentBuyer(order),
    orderReference: order.reference,
    paymentMethod: order.paymentMethod,
    lines: [line],
    totals: {
      excludingVatHalalas: excludingVat,
      vatHalalas: invoice.vatHalalas,
      includingVatHalalas: invoice.totalHalalas,
    },
    currency: "SAR",
    qrPayload: invoice.qrPayload,
    qrSvg: qrSvg(invoice.qrPayload),
  };
}

/** The invoice of an order the caller may already read, or null while it has none (not paid). */
export async function getInvoiceView(db: Db, order: OrderRow): Promise<InvoiceView | null> {
  const [row] = await db
    .select({ invoice: invoices, name: products.name, nameAr: products.nameAr })
    .from(invoices)
    .innerJoin(products, eq(products.id, order.productId))
    .where(eq(invoices.orderId, order.id));
  return row ? toInvoiceView(row.invoice, order, row) : null;
}
