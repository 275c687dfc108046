import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeZatcaQr } from "#server/modules/invoices/zatca-qr.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import type { InvoiceView } from "#shared/schemas/invoice.ts";
import { bearer, createSignedInUser, type TestUser } from "#tests/helpers/admin-session.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { insertOrder, insertPaidOrderWithInvoice, TEST_SELLER } from "#tests/helpers/orders.ts";
import { readPdf, squash } from "#tests/helpers/pdf.ts";

/** Whether the phrases occur in the text one after the other, in this order. */
function inOrder(text: string, phrases: string[]): boolean {
  let from = 0;
  for (const phrase of phrases) {
    const at = text.indexOf(squash(phrase), from);
    if (at < 0) return false;
    from = at + squash(phrase).length;
  }
  return true;
}

describe("GET /api/orders/:reference/invoice and invoice.pdf (decisions 0017, 0021)", () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let reference: string;
  let access: string;
  let number: string;
  let unpaid: { reference: string; access: string };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createSignedInUser(app);
    stranger = await createSignedInUser(app);
    admin = await createSignedInUser(app, { isAdmin: true });
    const paid = await insertPaidOrderWithInvoice(app.db, {
      userId: owner.id,
      productId: "sanam",
      unitAmountHalalas: 35_050,
      paymentMethod: "tamara",
      customerName: "Reem Al-Otaibi",
    });
    reference = paid.order.reference;
    number = paid.number;
    access = await orderAccessToken(app.db, paid.order.id);
    const pending = await insertOrder(app.db, { status: "pending", paidAt: null, userId: owner.id });
    unpaid = { reference: pending.reference, access: await orderAccessToken(app.db, pending.id) };
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { ...(user ? bearer(user) : {}), ...headers } });

  it("shows the owner their invoice: numbered, amounts that add up, the QR payload and its SVG, never cached", async () => {
    const response = await get(`/api/orders/${reference}/invoice`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { invoice } = response.json() as { invoice: InvoiceView };
    expect(invoice).toMatchObject({
      number,
      orderReference: reference,
      paymentMethod: "tamara",
      seller: {
        name: TEST_SELLER.SELLER_LEGAL_NAME,
        nameAr: TEST_SELLER.SELLER_LEGAL_NAME_AR,
        vatNumber: TEST_SELLER.SELLER_VAT_NUMBER,
      },
      buyer: { name: "Reem Al-Otaibi", address: { city: "Riyadh", postalCode: "13521", country: "SA" } },
      totals: { excludingVatHalalas: 30_478, vatHalalas: 4_572, includingVatHalalas: 35_050 },
      currency: "SAR",
    });
    expect(invoice.issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    expect(invoice.lines).toMatchObject([
      { name: "Sanam Incense Holder", quantity: 1, totalIncludingVatHalalas: 35_050 },
    ]);
    expect(decodeZatcaQr(invoice.qrPayload).get(4)).toBe("350.50");
    expect(invoice.qrSvg).toContain("<svg");
  });

  it("opens for the holder of the order's access token without a session, and for an admin", async () => {
    const guest = await get(`/api/orders/${reference}/invoice`, undefined, { "x-order-access": access });
    expect(guest.statusCode).toBe(200);
    expect((guest.json() as { invoice: InvoiceView }).invoice.number).toBe(number);
    const byAdmin = await get(`/api/orders/${reference.toLowerCase()}/invoice`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect((byAdmin.json() as { invoice: InvoiceView }).invoice.number).toBe(number);
  });

  it("answers everyone else the same 404 as for an order that does not exist, in the caller's language", async () => {
    const missing = await get(`/api/orders/ORD-NOPE0000/invoice`, owner);
    expect(missing.statusCode).toBe(404);
    const refusals = [
      await get(`/api/orders/${reference}/invoice`),
      await get(`/api/orders/${reference}/invoice`, stranger),
      await get(`/api/orders/${reference}/invoice`, undefined, { "x-order-access": `${access.slice(0, -2)}xx` }),
      await get(`/api/orders/${reference}/invoice`, undefined, { "x-order-access": unpaid.access }),
      await get(`/api/orders/${reference}/invoice.pdf`, stranger),
      // The token in the query string is not read at all (issue 35): it would end up in logs.
      await get(`/api/orders/${reference}/invoice?access=${access}`),
      await get(`/api/orders/${reference}/invoice.pdf?access=${access}`),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json()).toEqual(missing.json());
    }
    expect(missing.json()).toEqual({
      error: { code: "invoice_not_found", message: expect.stringContaining("This invoice could not be found") },
    });
    const arabic = await get(`/api/orders/${reference}/invoice?lang=ar`, stranger);
    expect((arabic.json() as { error: { message: string } }).error.message).toContain("لم نجد هذه الفاتورة");
  });

  it("has no invoice for an order not paid yet, even for its owner", async () => {
    expect((await get(`/api/orders/${unpaid.reference}/invoice`, owner)).statusCode).toBe(404);
    expect(
      (await get(`/api/orders/${unpaid.reference}/invoice.pdf`, undefined, { "x-order-access": unpaid.access }))
        .statusCode,
    ).toBe(404);
  });

  it("downloads the PDF as an attachment named after the invoice, small, never cached", async () => {
    const response = await get(`/api/orders/${reference}/invoice.pdf?lang=en`, undefined, { "x-order-access": access });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(response.rawPayload.length).toBeLessThan(200 * 1024);
  });

  it("prints the English invoice with the Arabic beside it: shaped Arabic in reading order, the amounts, the QR", async () => {
    const response = await get(`/api/orders/${reference}/invoice.pdf?lang=en`, owner);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toBe(1);
    const text = squash(pdf.text);
    for (const phrase of [
      "Simplified Tax Invoice",
      "فاتورة ضريبية مبسطة",
      TEST_SELLER.SELLER_LEGAL_NAME,
      TEST_SELLER.SELLER_LEGAL_NAME_AR,
      TEST_SELLER.SELLER_VAT_NUMBER,
      number,
      reference,
      "Reem Al-Otaibi",
      "Sanam Incense Holder",
      "مبخرة سنام",
      "Tamara",
      "All prices include 15% VAT.",
      // (pdf.js lifts the sentence's final period, drawn at its left end, out as a separate item.)
      "جميع الأسعار تشمل ضريبة القيمة المضافة بنسبة ١٥٪",
    ]) {
      expect(text, phrase).toContain(squash(phrase));
    }
    // The Arabic letters are joined: feh in its initial form, alef in its final form ("فا" of فاتورة).
    expect(pdf.raw).toContain("\ufed3\ufe8e");
    // The totals in order, in English digits: before VAT, VAT, with VAT.
    expect(inOrder(text, ["Total excluding VAT", "304.78 SAR", "45.72 SAR", "Total including VAT", "350.50 SAR"])).toBe(
      true,
    );
    expect(pdf.qr).toBeDefined();
    expect(decodeZatcaQr(pdf.qr!).get(1)).toBe(TEST_SELLER.SELLER_LEGAL_NAME_AR);
  });

  it("prints the Arabic invoice first in Arabic, with Arabic-Indic amounts, the English beside it", async () => {
    const response = await get(`/api/orders/${reference}/invoice.pdf?lang=ar`, undefined, { "x-order-access": access });
    const pdf = await readPdf(response.rawPayload);
    const text = squash(pdf.text);
    for (const phrase of [
      "فاتورة ضريبية مبسطة",
      "Simplified Tax Invoice",
      TEST_SELLER.SELLER_LEGAL_NAME_AR,
      "رقم الفاتورة",
      number,
      "٣٠٤٫٧٨ ريال",
      "٤٥٫٧٢ ريال",
      "٣٥٠٫٥٠ ريال",
      "تمارا",
    ]) {
      expect(text, phrase).toContain(squash(phrase));
    }
    expect(
      inOrder(text, ["الإجمالي قبل الضريبة", "٣٠٤٫٧٨ ريال", "٤٥٫٧٢ ريال", "الإجمالي شامل الضريبة", "٣٥٠٫٥٠ ريال"]),
    ).toBe(true);
    expect(pdf.qr).toBe((await get(`/api/orders/${reference}/invoice`, owner)).json().invoice.qrPayload);
  });
});
