import { describe, expect, it } from "vitest";
import { renderEmail } from "#server/modules/notifications/render-email.tsx";
import { orderConfirmation, studioOrderNotification, type PaidOrder } from "./order-emails.ts";
import { markIfTestOrder } from "./test-order-emails.ts";

const studio = { email: "info@nawat.studio", phone: "+966 11 000 0000", siteUrl: "https://nawat.studio" };
const order: PaidOrder = {
  reference: "ORD-K7Q2M4XA",
  lang: "en",
  product: { name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر" },
  quantity: 1,
  totalAmountHalalas: 42_200,
  vatHalalas: 5504,
  paymentMethod: "credit-card",
  customerName: "Noura",
  customerEmail: "noura@example.sa",
  customerPhone: null,
  deliveryAddress: null,
  paidAt: new Date("2026-03-01T09:30:00Z"),
  invoiceNumber: "INV-000042",
  invoiceUrl: "https://nawat.studio/orders/invoice#ref=ORD-K7Q2M4XA&access=token",
};

describe("test orders' e-mails", () => {
  it("a sandbox order's e-mails say TEST in the subject and in a line, in the e-mail's language", () => {
    const english = renderEmail(markIfTestOrder({ gateway: "sandbox" }, orderConfirmation(order, studio)));
    expect(english.subject).toBe("[TEST] Your order ORD-K7Q2M4XA is confirmed");
    expect(english.text).toContain("Test order: it was paid on the shop's test payment gateway. No money was taken");
    const arabic = renderEmail(
      markIfTestOrder({ gateway: "sandbox" }, studioOrderNotification({ ...order, lang: "ar" }, studio)),
    );
    expect(arabic.subject.startsWith("[تجريبي] طلب مدفوع جديد ORD-K7Q2M4XA")).toBe(true);
    expect(arabic.text).toContain("طلب تجريبي: دُفع عبر بوابة الدفع التجريبية للمتجر");
  });

  it("a provider's order's e-mails are left alone", () => {
    const mail = renderEmail(markIfTestOrder({ gateway: "moyasar" }, orderConfirmation(order, studio)));
    expect(mail.subject).toBe("Your order ORD-K7Q2M4XA is confirmed");
    expect(mail.text).not.toContain("Test order");
  });
});
