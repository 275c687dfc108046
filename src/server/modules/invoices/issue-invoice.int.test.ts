import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "#server/db/schema/orders.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { insertOrder as insertAnyOrder, TEST_SELLER } from "#tests/helpers/orders.ts";
import { issueInvoice } from "./issue-invoice.ts";
import { decodeZatcaQr } from "./zatca-qr.ts";

type InvoiceRow = typeof invoices.$inferSelect;

/** An order paid through a real provider (the sandbox's orders have a test series of their own). */
const insertOrder: typeof insertAnyOrder = (db, fields = {}) => insertAnyOrder(db, { gateway: "moyasar", ...fields });

/** Recomputes an invoice's hash from its own fields and its predecessor's hash (decision 0021). */
const expectedHash = (invoice: InvoiceRow, previousHash: string | null) =>
  createHash("sha256")
    .update(
      [
        previousHash ?? "",
        invoice.number,
        invoice.orderId,
        invoice.issuedAt.toISOString(),
        invoice.totalHalalas,
        invoice.vatHalalas,
        invoice.qrPayload,
      ].join("|"),
    )
    .digest("base64");

describe("issueInvoice (ZATCA phase 1: numbered, hash-chained, once per order)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const issue = (orderId: string) => app.db.transaction((tx) => issueInvoice(tx, orderId, TEST_SELLER));
  const chain = (series: "live" | "test" = "live") =>
    app.db.select().from(invoices).where(eq(invoices.series, series)).orderBy(asc(invoices.serial));

  /** Every invoice links to the one before it, and its hash is what its fields give. */
  function expectUnbrokenChain(rows: InvoiceRow[]) {
    rows.forEach((invoice, index) => {
      const previous = index === 0 ? null : rows[index - 1]!.hash;
      expect(invoice.previousHash).toBe(previous);
      expect(invoice.hash).toBe(expectedHash(invoice, previous));
    });
  }

  it("numbers invoices in sequence from INV-000001, with the seller and amounts frozen and the QR of the order", async () => {
    const first = await insertOrder(app.db, { productId: "nawat", paidAt: new Date("2026-11-23T10:15:30.123Z") });
    const second = await insertOrder(app.db, { productId: "sanam" });
    expect(await issue(first.id)).toEqual({ number: "INV-000001" });
    expect(await issue(second.id)).toEqual({ number: "INV-000002" });

    const [row] = await app.db.select().from(invoices).where(eq(invoices.orderId, first.id));
    expect(row).toMatchObject({
      serial: 1,
      sellerName: TEST_SELLER.SELLER_LEGAL_NAME,
      sellerNameAr: TEST_SELLER.SELLER_LEGAL_NAME_AR,
      sellerVatNumber: TEST_SELLER.SELLER_VAT_NUMBER,
      sellerAddress: TEST_SELLER.SELLER_ADDRESS_EN,
      sellerAddressAr: TEST_SELLER.SELLER_ADDRESS_AR,
      series: "live",
      totalHalalas: 42_200,
      vatHalalas: 5_504,
      previousHash: null,
    });
    expect(row!.issuedAt.toISOString()).toBe("2026-11-23T10:15:30.123Z");
    expect([...decodeZatcaQr(row!.qrPayload).values()]).toEqual([
      "استوديو نواة لتصميم المنتجات",
      "310122393500003",
      "2026-11-23T10:15:30Z",
      "422.00",
      "55.04",
    ]);
    expectUnbrokenChain(await chain());
  });

  it("is idempotent per order: a second call answers the same invoice and writes nothing", async () => {
    const order = await insertOrder(app.db);
    const { number } = await issue(order.id);
    const before = await chain();
    expect(await issue(order.id)).toEqual({ number });
    expect(await issue(order.id)).toEqual({ number });
    expect(await chain()).toEqual(before);
    expect(before.filter((invoice) => invoice.orderId === order.id)).toHaveLength(1);
  });

  it("gives 10 orders paid at once 10 distinct serials in one unbroken chain", async () => {
    const before = await chain();
    const orders = await Promise.all(Array.from({ length: 10 }, () => insertOrder(app.db, { productId: "sanam" })));
    const issued = await Promise.all(orders.map((order) => issue(order.id)));

    const numbers = issued.map((invoice) => invoice.number);
    expect(new Set(numbers).size).toBe(10);
    const rows = await chain();
    expect(rows).toHaveLength(before.length + 10);
    // Serials follow each other without gaps or repeats, and each number prints its serial.
    rows.forEach((invoice, index) => {
      expect(invoice.serial).toBe(index + 1);
      expect(invoice.number).toBe(`INV-${String(index + 1).padStart(6, "0")}`);
    });
    expect(
      rows
        .slice(-10)
        .map((invoice) => invoice.number)
        .sort(),
    ).toEqual([...numbers].sort());
    expectUnbrokenChain(rows);
  });

  it("leaves no gap when the paying transaction rolls back after issuing", async () => {
    const before = await chain();
    const rolledBack = await insertOrder(app.db);
    await expect(
      app.db.transaction(async (tx) => {
        await issueInvoice(tx, rolledBack.id, TEST_SELLER);
        throw new Error("the payment could not be recorded");
      }),
    ).rejects.toThrow("the payment could not be recorded");
    const next = await insertOrder(app.db);
    expect(await issue(next.id)).toEqual({ number: `INV-${String(before.length + 1).padStart(6, "0")}` });
    expect(await app.db.select().from(invoices).where(eq(invoices.orderId, rolledBack.id))).toEqual([]);
    expectUnbrokenChain(await chain());
  });

  it("numbers the sandbox's orders in the test series (TEST-000001), its own chain, leaving the real sequence untouched", async () => {
    const live = await chain();
    const sandbox = await Promise.all(
      Array.from({ length: 3 }, () => insertAnyOrder(app.db, { gateway: "sandbox", productId: "sanam" })),
    );
    const issued = await Promise.all(sandbox.map((order) => issue(order.id)));
    expect(issued.map((invoice) => invoice.number).sort()).toEqual(["TEST-000001", "TEST-000002", "TEST-000003"]);
    const tests = await chain("test");
    expect(tests.map((invoice) => invoice.serial)).toEqual([1, 2, 3]);
    expectUnbrokenChain(tests);
    expect(await chain()).toEqual(live);
    // The next real invoice follows the last real one, as if no test had been paid.
    const next = await insertOrder(app.db);
    expect(await issue(next.id)).toEqual({ number: `INV-${String(live.length + 1).padStart(6, "0")}` });
    expectUnbrokenChain(await chain());
  });

  it("refuses an order that does not exist, issuing nothing", async () => {
    const before = await chain();
    await expect(issue("00000000-0000-4000-8000-000000000000")).rejects.toThrow(/no order/);
    expect(await chain()).toEqual(before);
  });
});
