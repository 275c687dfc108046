import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditNotes, documentPdfs } from "#server/db/schema/documents.ts";
import { outbox } from "#server/db/schema/notifications.ts";
import { pdfRenderCount } from "#server/modules/invoices/document-pdf.ts";
import { issueCreditNote } from "#server/modules/invoices/issue-credit-note.ts";
import { decodeZatcaQr } from "#server/modules/invoices/zatca-qr.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import type { CreditNoteView, InvoiceView } from "#shared/schemas/invoice.ts";
import { signInAdmin, type TestAccount } from "#tests/helpers/accounts.ts";
import { bearer, createSignedInUser, type TestUser } from "#tests/helpers/admin-session.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent, payByCard } from "#tests/helpers/checkout.ts";
import { insertPaidOrderWithInvoice } from "#tests/helpers/orders.ts";
import { readPdf, squash } from "#tests/helpers/pdf.ts";

const SELLER = {
  SELLER_ADDRESS_EN: "7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia",
  SELLER_ADDRESS_AR: "٧٤٢١ طريق الملك فهد، العليا، الرياض ١٢٢١٤، المملكة العربية السعودية",
};

describe("credit notes through the API (issue 35): page data, PDF drawn once, access as the invoice's", () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestAccount;
  let live: { reference: string; access: string; invoice: string; note: string };

  beforeAll(async () => {
    app = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "1000", ...SELLER });
    owner = await createSignedInUser(app);
    stranger = await createSignedInUser(app);
    admin = await signInAdmin(app);
    const { order, number } = await insertPaidOrderWithInvoice(
      app.db,
      { userId: owner.id, gateway: "moyasar", productId: "sanam", unitAmountHalalas: 35_050, paymentMethod: "tamara" },
      app.payments.invoice,
    );
    const note = await app.db.transaction((tx) =>
      issueCreditNote(
        tx,
        { orderId: order.id, amountHalalas: 10_001, reason: "A scratch on the base", refundKey: "api-partial" },
        app.payments,
      ),
    );
    live = {
      reference: order.reference,
      access: await orderAccessToken(app.db, order.id),
      invoice: number,
      note: note.number,
    };
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, user?: { token: string }, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { ...(user ? bearer(user) : {}), ...headers } });

  it("shows the owner the credit note: the invoice it references, the refunded amount and its VAT, the QR, the seller's address", async () => {
    const response = await get(`/api/orders/${live.reference}/credit-notes/${live.note}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { creditNote } = response.json() as { creditNote: CreditNoteView };
    expect(creditNote).toMatchObject({
      number: "CN-000001",
      test: false,
      orderReference: live.reference,
      invoice: { number: live.invoice },
      reason: "A scratch on the base",
      product: { name: "Sanam Incense Holder" },
      seller: { address: { en: SELLER.SELLER_ADDRESS_EN, ar: SELLER.SELLER_ADDRESS_AR } },
      totals: { excludingVatHalalas: 10_001 - 1_304, vatHalalas: 1_304, includingVatHalalas: 10_001 },
      vatRatePercent: 15,
    });
    expect(creditNote.invoice.issuedAt).toMatch(/\+03:00$/);
    expect(decodeZatcaQr(creditNote.qrPayload).get(4)).toBe("100.01");
    expect(decodeZatcaQr(creditNote.qrPayload).get(5)).toBe("13.04");
    expect(creditNote.qrSvg).toContain("<svg");

    const order = (await get(`/api/orders/${live.reference}`, owner)).json().order;
    expect(order.creditNotes).toEqual([{ number: "CN-000001", issuedAt: creditNote.issuedAt, amountHalalas: 10_001 }]);
  });

  it("opens with the access token and for an admin; everyone else, a wrong number, gets the same 404 in their language", async () => {
    expect(
      (
        await get(`/api/orders/${live.reference}/credit-notes/${live.note}`, undefined, {
          "x-order-access": live.access,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/orders/${live.reference}/credit-notes/${live.note.toLowerCase()}`, admin)).statusCode).toBe(
      200,
    );
    const missing = await get(`/api/orders/${live.reference}/credit-notes/CN-999999`, owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: "credit_note_not_found", message: expect.stringContaining("This credit note could not be found") },
    });
    for (const refusal of [
      await get(`/api/orders/${live.reference}/credit-notes/${live.note}`),
      await get(`/api/orders/${live.reference}/credit-notes/${live.note}`, stranger),
      await get(`/api/orders/${live.reference}/credit-notes/${live.note}`, undefined, {
        "x-order-access": `${live.access.slice(0, -2)}xx`,
      }),
      await get(`/api/orders/${live.reference}/credit-notes/${live.note}.pdf`, stranger),
    ]) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json()).toEqual(missing.json());
    }
    const arabic = await get(`/api/orders/${live.reference}/credit-notes/${live.note}?lang=ar`, stranger);
    expect(arabic.json().error.message).toContain("لم نجد هذا الإشعار الدائن");
  });

  it("prints the credit note as a PDF in both languages: title, numbers, the seller's address, amounts, a QR that scans", async () => {
    const response = await get(`/api/orders/${live.reference}/credit-notes/${live.note}.pdf?lang=en`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="credit-note-${live.note}.pdf"`);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toBe(1);
    const text = squash(pdf.text);
    for (const phrase of [
      "Simplified Credit Note",
      "إشعار دائن مبسط",
      live.note,
      live.invoice,
      live.reference,
      SELLER.SELLER_ADDRESS_EN,
      SELLER.SELLER_ADDRESS_AR,
      "A scratch on the base",
      "100.01 SAR",
      "13.04 SAR",
      "86.97 SAR",
    ]) {
      expect(text, phrase).toContain(squash(phrase));
    }
    expect(text).not.toContain(squash("Test document"));
    const { creditNote } = (await get(`/api/orders/${live.reference}/credit-notes/${live.note}`, owner)).json();
    expect(pdf.qr).toBe(creditNote.qrPayload);

    const arabic = await readPdf(
      (await get(`/api/orders/${live.reference}/credit-notes/${live.note}.pdf?lang=ar`, owner)).rawPayload,
    );
    expect(squash(arabic.text)).toContain(squash("١٠٠٫٠١ ريال"));
    expect(squash(arabic.text)).toContain(squash("١٣٫٠٤ ريال"));
  });

  it("prints the seller's address on the invoice too, page data and PDF", async () => {
    const { invoice } = (await get(`/api/orders/${live.reference}/invoice`, owner)).json() as { invoice: InvoiceView };
    expect(invoice.seller.address).toEqual({ en: SELLER.SELLER_ADDRESS_EN, ar: SELLER.SELLER_ADDRESS_AR });
    expect(invoice.test).toBe(false);
    const pdf = await readPdf((await get(`/api/orders/${live.reference}/invoice.pdf?lang=ar`, owner)).rawPayload);
    expect(squash(pdf.text)).toContain(squash(SELLER.SELLER_ADDRESS_EN));
    expect(squash(pdf.text)).toContain(squash(SELLER.SELLER_ADDRESS_AR));
  });

  it("draws each PDF once per document and language: the second download sends the kept bytes", async () => {
    const url = `/api/orders/${live.reference}/invoice.pdf?lang=en`;
    const kept = () =>
      app.db
        .select({ lang: documentPdfs.lang })
        .from(documentPdfs)
        .where(and(eq(documentPdfs.document, `invoice:${live.invoice}`), eq(documentPdfs.lang, "en")));
    expect(await kept()).toHaveLength(0); // (the test above downloaded the Arabic one only)
    const before = pdfRenderCount();
    const [first, second] = await Promise.all([get(url, owner), get(url, owner)]);
    const third = await get(url, admin);
    expect(pdfRenderCount() - before).toBe(1);
    expect(await kept()).toHaveLength(1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = pdfRenderCount();
    await get(url, owner);
    expect(pdfRenderCount()).toBe(again);
  });

  it("refunds a sandbox order end to end: the refund issues a TEST-CN credit note, marked as a test, linked from the order and the admin's view, with the buyer's e-mail", async () => {
    const intent = (await createIntent(app, { email: "refund.me@example.sa" })).json();
    await payByCard(app, intent.redirectUrl, "4111111111111111");
    const paid = (await confirm(app, intent.paymentIntentId)).json().order;
    expect(paid.invoice.number).toMatch(/^TEST-\d{6}$/);
    const { items } = (await app.inject({ url: `/api/admin/orders?q=refund.me`, headers: admin.bearer })).json();
    const refund = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${items[0].id}/refund`,
      headers: admin.bearer,
      payload: { reason: "The buyer changed their mind" },
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().order).toMatchObject({
      status: "refunded",
      creditNotes: [{ number: "TEST-CN-000001", amountHalalas: 42_200 }],
    });
    // The real sequence is untouched: the live note above is still the only CN-.
    expect(
      (await app.db.select().from(creditNotes).where(eq(creditNotes.series, "live"))).map((n) => n.number),
    ).toEqual(["CN-000001"]);
    const access = { "x-order-access": intent.accessToken as string };
    const view = (await get(`/api/orders/${intent.orderReference}`, undefined, access)).json().order;
    expect(view.creditNotes).toMatchObject([{ number: "TEST-CN-000001" }]);
    const { creditNote } = (
      await get(`/api/orders/${intent.orderReference}/credit-notes/TEST-CN-000001`, undefined, access)
    ).json() as { creditNote: CreditNoteView };
    expect(creditNote).toMatchObject({
      test: true,
      reason: "The buyer changed their mind",
      invoice: { number: paid.invoice.number },
      totals: { includingVatHalalas: 42_200, vatHalalas: 5_504 },
    });
    const pdf = await readPdf(
      (await get(`/api/orders/${intent.orderReference}/credit-notes/TEST-CN-000001.pdf?lang=en`, undefined, access))
        .rawPayload,
    );
    expect(squash(pdf.text)).toContain(squash("Test document — not a tax invoice"));
    // (pdf.js gives the two Arabic runs either side of the dash in visual order: each is checked whole.)
    expect(squash(pdf.text)).toContain(squash("مستند تجريبي"));
    expect(squash(pdf.text)).toContain(squash("ليس فاتورة ضريبية"));
    const [email] = await app.db.select().from(outbox).where(eq(outbox.dedupeKey, "credit-note:TEST-CN-000001:buyer"));
    expect(email).toMatchObject({ to: "refund.me@example.sa", kind: "order.credit-note" });
  });
});

describe("the PDF routes' rate limit (DOCUMENTS_PER_MINUTE)", () => {
  let app: FastifyInstance;
  afterAll(async () => {
    await app?.close();
  });

  it("answers 429 past the limit, in the API's error shape and the caller's language", async () => {
    app = await createTestApp({ DOCUMENTS_PER_MINUTE: "2" });
    const { order } = await insertPaidOrderWithInvoice(app.db, { gateway: "moyasar" }, app.payments.invoice);
    const url = `/api/orders/${order.reference}/invoice.pdf`;
    const access = { "x-order-access": await orderAccessToken(app.db, order.id) };
    const first = await app.inject({ url, headers: access });
    expect(first.statusCode, first.body).toBe(200);
    expect((await app.inject({ url, headers: access })).statusCode).toBe(200);
    const refused = await app.inject({ url, headers: { ...access, "accept-language": "ar" } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json()).toEqual({
      error: { code: "rate_limited", message: "نزّلت مستندات كثيرة في وقت قصير. انتظر دقيقة ثم حاول مجددًا." },
    });
    const english = await app.inject({ url, headers: access });
    expect(english.json().error.message).toBe(
      "Too many document downloads in a short time. Please wait a minute and try again.",
    );
    // The page's data is not a download: it stays open.
    expect((await app.inject({ url: url.replace("invoice.pdf", "invoice"), headers: access })).statusCode).toBe(200);
  });
});
