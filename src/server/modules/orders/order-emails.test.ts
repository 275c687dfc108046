import { describe, expect, it } from "vitest";
import { orderConfirmation, orderShipped, studioOrderNotification, type PaidOrder } from "./order-emails.ts";
import { renderEmail } from "#server/modules/notifications/render-email.tsx";

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio" };

const order: PaidOrder = {
  reference: "ORD-K7Q2M4XA",
  lang: "ar",
  product: { name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر" },
  quantity: 1,
  totalAmountHalalas: 42_200,
  vatHalalas: 5504,
  paymentMethod: "tamara",
  customerName: "نورة <b>الحربي</b>",
  customerEmail: "noura@example.sa",
  customerPhone: "+966551234567",
  deliveryAddress: {
    city: "الرياض",
    district: "العليا",
    street: "طريق الملك فهد",
    building: "1234",
    postalCode: "12211",
  },
  paidAt: new Date("2026-03-01T09:30:00Z"),
  invoiceNumber: "INV-000042",
  invoiceUrl: "https://nawat.studio/ar/orders/invoice#ref=ORD-K7Q2M4XA&access=token",
};

describe("order e-mails", () => {
  it("the Arabic confirmation: RTL, Arabic-Indic amounts, isolated reference, the invoice link", () => {
    const mail = renderEmail(orderConfirmation(order, studio));
    expect(mail.subject).toBe("تم تأكيد طلبك ORD-K7Q2M4XA");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('<bdi dir="ltr">ORD-K7Q2M4XA</bdi>');
    expect(mail.html).toContain("&lt;b&gt;الحربي&lt;/b&gt;");
    expect(mail.text).toContain("٤٢٢ ريال");
    expect(mail.text).toContain("٥٥٫٠٤ ريال");
    expect(mail.text).toContain("مبنى رقم ١٢٣٤");
    expect(mail.text).toContain("تمارا");
    expect(mail.html).toContain('href="https://nawat.studio/ar/orders/invoice#ref=ORD-K7Q2M4XA&amp;access=token"');
  });

  it("the English confirmation and the studio's copy with the buyer's contacts", () => {
    const english = renderEmail(orderConfirmation({ ...order, lang: "en", customerName: "Noura" }, studio));
    expect(english.subject).toBe("Your order ORD-K7Q2M4XA is confirmed");
    expect(english.text).toContain("422 SAR");
    expect(english.text).toContain("55.04 SAR");
    expect(english.text).toContain("Nawat Date Bowl");
    const copy = renderEmail(studioOrderNotification({ ...order, lang: "en" }, studio));
    expect(copy.subject).toBe("New paid order ORD-K7Q2M4XA: Nawat Date Bowl, 422 SAR");
    expect(copy.text).toContain("noura@example.sa");
    expect(copy.text).toContain("+966551234567");
    expect(copy.text).toContain("INV-000042");
  });

  it("the shipped e-mail: carrier and tracking number in the buyer's language, or a note when there is no tracking", () => {
    const shipped = {
      reference: "ORD-K7Q2M4XA",
      lang: "ar" as const,
      customerName: "نورة",
      product: order.product,
      carrier: "سمسا",
      trackingNumber: "SMSA-2291",
      orderUrl: "https://nawat.studio/ar/orders#ref=ORD-K7Q2M4XA&access=token",
    };
    const arabic = renderEmail(orderShipped(shipped, studio));
    expect(arabic.subject).toBe("طلبك ORD-K7Q2M4XA في الطريق إليك");
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.text).toContain("صحن نواة للتمر");
    expect(arabic.text).toContain("سمسا");
    expect(arabic.html).toContain('<bdi dir="ltr">SMSA-2291</bdi>');
    expect(arabic.html).toContain('href="https://nawat.studio/ar/orders#ref=ORD-K7Q2M4XA&amp;access=token"');
    const english = renderEmail(
      orderShipped({ ...shipped, lang: "en", customerName: "Noura", carrier: null, trackingNumber: null }, studio),
    );
    expect(english.subject).toBe("Your order ORD-K7Q2M4XA is on its way");
    expect(english.text).toContain("Your Nawat Date Bowl has left our studio in Riyadh");
    expect(english.text).toContain("We will send you the tracking details");
    expect(english.text).not.toContain("Tracking number");
  });
});
