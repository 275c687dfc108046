import type { Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * Issue 35, "safe to switch on", in English and Arabic against the real server on its sandbox:
 * every step of the checkout says "test mode", and an order's access token never appears in a URL
 * the browser requests, from the success screen through the order page to the invoice and its PDF.
 */
const words = {
  en: {
    prefix: "",
    banner: "Test Mode: No Real Money",
    name: "Full name",
    email: "Email",
    phone: "Mobile number",
    city: "City",
    district: "District",
    street: "Street",
    cardNumber: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    cardName: "Name on the card",
    approve3ds: "Approve",
    viewOrder: "View Your Order and Invoice",
    download: "Download PDF",
  },
  ar: {
    prefix: "/ar",
    banner: "وضع الاختبار: لا تُدفع أموال حقيقية",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    phone: "رقم الجوال",
    city: "المدينة",
    district: "الحي",
    street: "الشارع",
    cardNumber: "رقم البطاقة",
    expiry: "تاريخ الانتهاء (شهر/سنة)",
    cvc: "رمز التحقق (CVC)",
    cardName: "الاسم على البطاقة",
    approve3ds: "تأكيد الدفع",
    viewOrder: "اعرض طلبك وفاتورتك",
    download: "تنزيل الفاتورة (PDF)",
  },
} as const;

async function fillBuyer(page: Page, lang: keyof typeof words) {
  const w = words[lang];
  await page.getByLabel(w.name, { exact: true }).fill(lang === "ar" ? "سارة القحطاني" : "Sara Al-Qahtani");
  await page.getByLabel(w.email, { exact: true }).fill(`safe-${Date.now().toString(36)}@example.sa`);
  await page.getByLabel(w.phone, { exact: true }).fill("501234567");
  await page.getByLabel(w.city, { exact: true }).fill(lang === "ar" ? "الرياض" : "Riyadh");
  await page.getByLabel(w.district, { exact: true }).fill(lang === "ar" ? "العليا" : "Al Olaya");
  await page.getByLabel(w.street, { exact: true }).fill(lang === "ar" ? "طريق الملك فهد" : "King Fahd Road");
}

for (const lang of ["en", "ar"] as const) {
  const w = words[lang];

  test(`${lang}: the checkout says "test mode" on every step, and no URL requested carries the order's token`, async ({
    page,
    problems,
  }) => {
    // The sandbox's hosted page links no icon: Chromium's own /favicon.ico request there is a 404.
    problems.allow(/^Failed to load resource: the server responded with a status of 404/);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));

    await page.goto(`${w.prefix}/checkout?product=sanam`);
    await waitForApp(page);
    await expect(page.getByTestId("test-mode-banner")).toContainText(w.banner);
    await fillBuyer(page, lang);
    await page.getByTestId("pay-credit-card").click();

    await page.waitForURL(/\/sandbox-gateway\/pay\/sbx_/);
    await page.getByLabel(w.cardNumber).fill("4111 1111 1111 1111");
    await page.getByLabel(w.expiry).fill("12/30");
    await page.getByLabel(w.cvc).fill("123");
    await page.getByLabel(w.cardName).fill("SARA QAHTANI");
    await page.locator('form[action$="/card"] button[type="submit"]').click();
    await page.getByRole("button", { name: w.approve3ds, exact: true }).click();

    // The success screen: still marked, and its link holds the token in the fragment only.
    const success = page.getByTestId("checkout-success");
    await expect(success).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("test-mode-banner")).toContainText(w.banner);
    const viewOrder = page.getByRole("link", { name: w.viewOrder });
    const href = (await viewOrder.getAttribute("href")) ?? "";
    const token = new URLSearchParams(href.split("#")[1] ?? "").get("access") ?? "";
    expect(token).toMatch(/^o1\./);

    await viewOrder.click();
    await expect(page.getByTestId("order-details")).toBeVisible();
    await page.getByTestId("order-invoice-link").click();
    await expect(page.getByTestId("invoice-document")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: w.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);

    // Every request the browser made (pages, API calls, the PDF): the token in none of them.
    expect(requested.some((url) => url.includes("/api/orders/"))).toBe(true);
    expect(requested.some((url) => url.includes("/invoice.pdf"))).toBe(true);
    const forms = [token, encodeURIComponent(token)];
    const leaking = requested.filter((url) => forms.some((form) => url.includes(form)));
    expect(leaking).toEqual([]);
  });
}
