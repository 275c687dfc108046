import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema/catalog.ts";
import { invoices, type orders } from "#server/db/schema/orders.ts";
import { VAT_RATE_PERCENT, type InvoiceLine, type InvoiceView } from "#shared/schemas/invoice.ts";
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
  const address = order.deliveryAddress;
  return {
    number: invoice.number,
    issuedAt: riyadhIso(invoice.issuedAt),
    seller: { name: invoice.sellerName, nameAr: invoice.sellerNameAr, vatNumber: invoice.sellerVatNumber },
    buyer: {
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
    },
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
