import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema/catalog.ts";
import { orders } from "#server/db/schema/orders.ts";
import { issueInvoice } from "#server/modules/invoices/issue-invoice.ts";
import type { InvoiceConfig } from "#server/modules/invoices/invoice-config.ts";

export const TEST_SELLER: InvoiceConfig = {
  SELLER_LEGAL_NAME: "Nawat Studio for Product Design",
  SELLER_LEGAL_NAME_AR: "استوديو نواة لتصميم المنتجات",
  SELLER_VAT_NUMBER: "310122393500003",
  SELLER_ADDRESS_EN: "8123 Anas Ibn Malik Road, Al Malqa, Riyadh 13521, Saudi Arabia",
  SELLER_ADDRESS_AR: "٨١٢٣ طريق أنس بن مالك، الملقا، الرياض ١٣٥٢١، المملكة العربية السعودية",
};

/** The VAT inside a VAT-inclusive amount, rounded to the halala (15%). */
export const vatOf = (totalHalalas: number) => Math.round((totalHalalas * 15) / 115);

type OrderFields = Partial<typeof orders.$inferInsert>;

/**
 * Inserts an order row for a product of the seeded catalog, priced as the catalog prices it
 * (or at `unitAmountHalalas`), the way the order service stores one; `paid` orders get a paidAt.
 */
export async function insertOrder(db: Db, fields: OrderFields = {}): Promise<typeof orders.$inferSelect> {
  const productId = fields.productId ?? "nawat";
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw new Error(`no product ${productId} in the catalog`);
  const quantity = fields.quantity ?? 1;
  const unit = fields.unitAmountHalalas ?? product.priceHalalas;
  const total = unit * quantity;
  const [order] = await db
    .insert(orders)
    .values({
      reference: `ORD-${randomBytes(4).toString("hex").toUpperCase()}`,
      productId,
      quantity,
      unitAmountHalalas: unit,
      totalAmountHalalas: total,
      vatHalalas: vatOf(total),
      status: "paid",
      paymentMethod: "credit-card",
      gateway: "sandbox",
      customerName: "Reem Al-Otaibi",
      customerEmail: "reem@example.sa",
      customerPhone: "+966551112222",
      deliveryAddress: {
        city: "Riyadh",
        district: "Al Malqa",
        street: "Anas Ibn Malik Road",
        building: "8123",
        postalCode: "13521",
        country: "SA",
      },
      lang: "en",
      paidAt: new Date(),
      ...fields,
    })
    .returning();
  return order!;
}

/** A paid order and its invoice, issued in one transaction as the paying transition does. */
export async function insertPaidOrderWithInvoice(
  db: Db,
  fields: OrderFields = {},
  seller: InvoiceConfig = TEST_SELLER,
): Promise<{ order: typeof orders.$inferSelect; number: string }> {
  const order = await insertOrder(db, { status: "paid", ...fields });
  const { number } = await db.transaction((tx) => issueInvoice(tx, order.id, seller));
  return { order, number };
}
