import { createCanvas, loadImage } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import type { invoices, orders } from "#server/db/schema/orders.ts";
import { riyadhIso, toInvoiceView } from "./invoice-view.ts";
import { decodeZatcaQr, encodeZatcaQr } from "./zatca-qr.ts";

const issuedAt = new Date("2026-11-23T22:15:30.123Z");
const seller = {
  name: "Nawat Studio for Product Design",
  nameAr: "استوديو نواة لتصميم المنتجات",
  vat: "310122393500003",
};

function rows(total: number, vat: number, quantity = 1) {
  const qrPayload = encodeZatcaQr({
    sellerName: seller.nameAr,
    vatNumber: seller.vat,
    timestamp: issuedAt,
    totalHalalas: total,
    vatHalalas: vat,
  });
  const invoice: typeof invoices.$inferSelect = {
    id: "a4d1f1de-0000-4000-8000-000000000001",
    series: "live",
    serial: 7,
    number: "INV-000007",
    orderId: "a4d1f1de-0000-4000-8000-000000000002",
    issuedAt,
    sellerName: seller.name,
    sellerNameAr: seller.nameAr,
    sellerVatNumber: seller.vat,
    sellerAddress: "8123 Anas Ibn Malik Road, Riyadh",
    sellerAddressAr: "٨١٢٣ طريق أنس بن مالك، الرياض",
    totalHalalas: total,
    vatHalalas: vat,
    qrPayload,
    previousHash: null,
    hash: "x",
  };
  const order = {
    id: invoice.orderId,
    reference: "ORD-7K2M9Q",
    productId: "sanam",
    quantity,
    unitAmountHalalas: total / quantity,
    totalAmountHalalas: total,
    vatHalalas: vat,
    paymentMethod: "tabby",
    customerName: "ريم العتيبي",
    deliveryAddress: { city: "الرياض", district: "الملقا", street: "طريق أنس بن مالك", country: "SA" },
  } as typeof orders.$inferSelect;
  return { invoice, order, product: { name: "Sanam Incense Holder", nameAr: "مبخرة صنم" } };
}

/** Draws the view's SVG as pixels and reads it back the way a phone's camera app would. */
async function scanQr(svg: string): Promise<string | undefined> {
  const image = await loadImage(Buffer.from(svg));
  const size = 480;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0, size, size);
  const pixels = context.getImageData(0, 0, size, size);
  return jsQR(new Uint8ClampedArray(pixels.data), size, size)?.data;
}

describe("the invoice view", () => {
  it("prints the time of issue as Riyadh's wall clock (UTC+3), past midnight included", () => {
    expect(riyadhIso(issuedAt)).toBe("2026-11-24T01:15:30+03:00");
    const { invoice, order, product } = rows(42_200, 5_504);
    expect(toInvoiceView(invoice, order, product).issuedAt).toBe("2026-11-24T01:15:30+03:00");
  });

  it("adds up for an odd price: 350.50 SAR is 304.78 before VAT and 45.72 VAT, on the line and in the totals", () => {
    const { invoice, order, product } = rows(35_050, 4_572);
    const view = toInvoiceView(invoice, order, product);
    expect(view.totals).toEqual({ excludingVatHalalas: 30_478, vatHalalas: 4_572, includingVatHalalas: 35_050 });
    expect(view.totals.excludingVatHalalas + view.totals.vatHalalas).toBe(view.totals.includingVatHalalas);
    expect(view.lines).toEqual([
      {
        productId: "sanam",
        name: "Sanam Incense Holder",
        nameAr: "مبخرة صنم",
        quantity: 1,
        unitPriceExcludingVatHalalas: 30_478,
        vatRatePercent: 15,
        vatHalalas: 4_572,
        totalIncludingVatHalalas: 35_050,
      },
    ]);
    expect(view).toMatchObject({
      number: "INV-000007",
      test: false,
      seller: {
        name: seller.name,
        nameAr: seller.nameAr,
        vatNumber: seller.vat,
        address: { en: "8123 Anas Ibn Malik Road, Riyadh", ar: "٨١٢٣ طريق أنس بن مالك، الرياض" },
      },
      buyer: { name: "ريم العتيبي", address: { city: "الرياض", street: "طريق أنس بن مالك", country: "SA" } },
      orderReference: "ORD-7K2M9Q",
      paymentMethod: "tabby",
      currency: "SAR",
    });
  });

  it("splits the amount before VAT over the quantity, rounded to the halala", () => {
    const { invoice, order, product } = rows(3 * 35_050, 13_715, 3);
    const [line] = toInvoiceView(invoice, order, product).lines;
    expect(line!.unitPriceExcludingVatHalalas).toBe(Math.round((105_150 - 13_715) / 3));
    expect(line!.totalIncludingVatHalalas).toBe(105_150);
  });

  it("draws a QR code that scans back to the payload, whose five fields are the invoice's own", async () => {
    const { invoice, order, product } = rows(35_050, 4_572);
    const view = toInvoiceView(invoice, order, product);
    expect(view.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(view.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(await scanQr(view.qrSvg)).toBe(view.qrPayload);
    expect([...decodeZatcaQr(view.qrPayload).entries()]).toEqual([
      [1, view.seller.nameAr],
      [2, view.seller.vatNumber],
      [3, "2026-11-23T22:15:30Z"],
      [4, "350.50"],
      [5, "45.72"],
    ]);
  });
});
