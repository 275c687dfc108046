import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditNotes } from "#server/db/schema/documents.ts";
import { outbox } from "#server/db/schema/notifications.ts";
import { invoices } from "#server/db/schema/orders.ts";
import { renderEmail } from "#server/modules/notifications/render-email.tsx";
import { createTestApp } from "#tests/helpers/app.ts";
import { insertPaidOrderWithInvoice, TEST_SELLER } from "#tests/helpers/orders.ts";
import { issueCreditNote, type CreditNoteRequest } from "./issue-credit-note.ts";
import { decodeZatcaQr } from "./zatca-qr.ts";

type NoteRow = typeof creditNotes.$inferSelect;

const settings = {
  invoice: TEST_SELLER,
  siteUrl: "https://shop.example.sa",
  mail: { studio: { email: "info@example.sa", phone: "+966 11 000 0000", siteUrl: "https://shop.example.sa" } },
};

/** Recomputes a credit note's hash from its fields and its predecessor's hash (migration 0014). */
const expectedHash = (note: NoteRow, invoiceNumber: string, previousHash: string | null) =>
  createHash("sha256")
    .update(
      [
        previousHash ?? "",
        note.number,
        note.orderId,
        invoiceNumber,
        note.issuedAt.toISOString(),
        note.amountHalalas,
        note.vatHalalas,
        note.qrPayload,
        note.refundKey,
      ].join("|"),
    )
    .digest("base64");

describe("issueCreditNote (issue 35: one simplified credit note per refund, full or partial)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A paid order of a real provider (moyasar) or of the sandbox, with its invoice. */
  const paidOrder = (fields: Parameters<typeof insertPaidOrderWithInvoice>[1] = {}) =>
    insertPaidOrderWithInvoice(app.db, { gateway: "moyasar", ...fields });
  const issue = (request: CreditNoteRequest) => app.db.transaction((tx) => issueCreditNote(tx, request, settings));
  const chain = (series: "live" | "test" = "live") =>
    app.db
      .select({ note: creditNotes, invoiceNumber: invoices.number })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(eq(creditNotes.series, series))
      .orderBy(asc(creditNotes.serial));
  const emailsOf = (number: string) =>
    app.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `credit-note:${number}:buyer`));

  function expectUnbrokenChain(rows: Awaited<ReturnType<typeof chain>>, prefix: "CN" | "TEST-CN") {
    rows.forEach(({ note, invoiceNumber }, index) => {
      expect(note.serial).toBe(index + 1);
      expect(note.number).toBe(`${prefix}-${String(index + 1).padStart(6, "0")}`);
      const previous = index === 0 ? null : rows[index - 1]!.note.hash;
      expect(note.previousHash).toBe(previous);
      expect(note.hash).toBe(expectedHash(note, invoiceNumber, previous));
    });
  }

  it("credits a full refund with the invoice's own VAT, the ZATCA QR of the note, and the buyer's e-mail", async () => {
    const { order, number: invoiceNumber } = await paidOrder({ productId: "nawat" });
    const note = await issue({
      orderId: order.id,
      amountHalalas: 42_200,
      reason: "Damaged in transit",
      refundKey: "r-full",
    });
    expect(note).toEqual({ number: "CN-000001", amountHalalas: 42_200, vatHalalas: 5_504, created: true, emails: 1 });

    const [row] = await app.db.select().from(creditNotes).where(eq(creditNotes.number, "CN-000001"));
    expect(row).toMatchObject({
      series: "live",
      orderId: order.id,
      reason: "Damaged in transit",
      sellerVatNumber: TEST_SELLER.SELLER_VAT_NUMBER,
      sellerAddress: TEST_SELLER.SELLER_ADDRESS_EN,
      sellerAddressAr: TEST_SELLER.SELLER_ADDRESS_AR,
    });
    const fields = decodeZatcaQr(row!.qrPayload);
    expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect([...fields.values()]).toEqual([
      TEST_SELLER.SELLER_LEGAL_NAME_AR,
      TEST_SELLER.SELLER_VAT_NUMBER,
      row!.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
      "422.00",
      "55.04",
    ]);

    const [email] = await emailsOf("CN-000001");
    expect(email).toMatchObject({ kind: "order.credit-note", to: "reem@example.sa", lang: "en" });
    const rendered = renderEmail(email!.content!);
    expect(rendered.subject).toBe(`Your refund for order ${order.reference}: credit note CN-000001`);
    expect(rendered.text).toContain("We have refunded your order in full");
    expect(rendered.text).toContain(invoiceNumber);
    expect(rendered.text).toContain("422 SAR");
    expect(rendered.text).toContain("55.04 SAR");
    expect(rendered.text).toMatch(/\/orders\/credit-note#ref=ORD-[0-9A-F]+&number=CN-000001&access=/);
    expect(rendered.text).not.toContain("Test document");
  });

  it("credits partial refunds with VAT = amount × 15/115, the last one taking the rest of the invoice's VAT", async () => {
    const { order } = await paidOrder({ productId: "sanam", unitAmountHalalas: 35_050, lang: "ar" });
    const first = await issue({ orderId: order.id, amountHalalas: 10_001, reason: "خدش بسيط", refundKey: "r-part-1" });
    expect(first).toMatchObject({ amountHalalas: 10_001, vatHalalas: Math.round((10_001 * 15) / 115), created: true });
    expect(first.vatHalalas).toBe(1_304);
    const second = await issue({ orderId: order.id, amountHalalas: 25_049, reason: "إرجاع", refundKey: "r-part-2" });
    // round(25049 × 15/115) is 3267, but the invoice's 45.72 less the 13.04 already credited is 32.68.
    expect(second.vatHalalas).toBe(4_572 - 1_304);
    expect(first.vatHalalas + second.vatHalalas).toBe(4_572);

    const [row] = await app.db.select().from(creditNotes).where(eq(creditNotes.number, first.number));
    expect(decodeZatcaQr(row!.qrPayload).get(4)).toBe("100.01");
    expect(decodeZatcaQr(row!.qrPayload).get(5)).toBe("13.04");

    const [email] = await emailsOf(first.number);
    expect(email).toMatchObject({ lang: "ar", to: "reem@example.sa" });
    const rendered = renderEmail(email!.content!);
    expect(rendered.subject).toBe(`استرداد مبلغ طلبك ${order.reference}: إشعار دائن ${first.number}`);
    expect(rendered.text).toContain("أعدنا جزءًا من قيمة طلبك");

    // Nothing is left to credit: a further note is refused and writes nothing.
    await expect(
      issue({ orderId: order.id, amountHalalas: 1, reason: "again", refundKey: "r-part-3" }),
    ).rejects.toThrow(/exceed/);
    expect(await app.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toHaveLength(2);
  });

  it("is idempotent on the refund key: the same refund answers the same note, with one row and one e-mail", async () => {
    const { order } = await paidOrder();
    const request = { orderId: order.id, amountHalalas: 5_000, reason: "Late delivery", refundKey: "r-idem" };
    const first = await issue(request);
    const again = await Promise.all([issue(request), issue(request)]);
    for (const answer of again) {
      expect(answer).toEqual({
        number: first.number,
        amountHalalas: 5_000,
        vatHalalas: 652,
        created: false,
        emails: 0,
      });
    }
    expect(
      await app.db
        .select()
        .from(creditNotes)
        .where(and(eq(creditNotes.orderId, order.id))),
    ).toHaveLength(1);
    expect(await emailsOf(first.number)).toHaveLength(1);
  });

  it("gives 10 refunds at once (two of them on one order) 10 serials in one unbroken chain, and a rollback leaves no gap", async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => paidOrder({ productId: "sanam" })));
    const shared = await paidOrder({ productId: "nawat" });
    const requests: CreditNoteRequest[] = [
      ...orders.map(({ order }, index) => ({
        orderId: order.id,
        amountHalalas: 35_000,
        reason: "Returned",
        refundKey: `r-many-${index}`,
      })),
      { orderId: shared.order.id, amountHalalas: 20_000, reason: "Part", refundKey: "r-shared-1" },
      { orderId: shared.order.id, amountHalalas: 22_200, reason: "Rest", refundKey: "r-shared-2" },
    ];
    const before = await chain();
    const issued = await Promise.all(requests.map(issue));
    expect(new Set(issued.map((note) => note.number)).size).toBe(10);
    const rows = await chain();
    expect(rows).toHaveLength(before.length + 10);
    expectUnbrokenChain(rows, "CN");
    const sharedVat = issued.slice(-2).reduce((sum, note) => sum + note.vatHalalas, 0);
    expect(sharedVat).toBe(5_504);

    const rolledBack = await paidOrder();
    await expect(
      app.db.transaction(async (tx) => {
        await issueCreditNote(
          tx,
          { orderId: rolledBack.order.id, amountHalalas: 100, reason: "x", refundKey: "r-rb" },
          settings,
        );
        throw new Error("the refund could not be recorded");
      }),
    ).rejects.toThrow("the refund could not be recorded");
    const next = await issue({ orderId: rolledBack.order.id, amountHalalas: 100, reason: "x", refundKey: "r-rb" });
    expect(next.number).toBe(`CN-${String(rows.length + 1).padStart(6, "0")}`);
    expectUnbrokenChain(await chain(), "CN");
  });

  it("numbers the sandbox's credit notes TEST-CN-…, marked as tests, leaving the real sequence untouched", async () => {
    const live = await chain();
    const { order, number: invoiceNumber } = await insertPaidOrderWithInvoice(app.db, { gateway: "sandbox" });
    expect(invoiceNumber).toMatch(/^TEST-\d{6}$/);
    const note = await issue({
      orderId: order.id,
      amountHalalas: 42_200,
      reason: "Test refund",
      refundKey: "r-sandbox",
    });
    expect(note.number).toBe("TEST-CN-000001");
    expect(await chain()).toEqual(live);
    expectUnbrokenChain(await chain("test"), "TEST-CN");
    const [email] = await emailsOf(note.number);
    expect(renderEmail(email!.content!).text).toContain("Test document — not a tax invoice");
  });

  it("refuses an order without an invoice, and amounts that are not a positive number of halalas", async () => {
    const { order } = await paidOrder();
    await app.db.delete(outbox);
    for (const amountHalalas of [0, -5, 12.5]) {
      await expect(
        issue({ orderId: order.id, amountHalalas, reason: "x", refundKey: `bad-${amountHalalas}` }),
      ).rejects.toThrow(/positive/);
    }
    await expect(
      issue({ orderId: "00000000-0000-4000-8000-000000000000", amountHalalas: 1, reason: "x", refundKey: "r-none" }),
    ).rejects.toThrow(/no order/);
    expect(await app.db.select().from(outbox)).toEqual([]);
  });
});
