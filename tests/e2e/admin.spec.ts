import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { E2E_ADMIN } from "./e2e-admin.ts";
import { expect, expectAccessible, test, waitForApp, type Problems } from "./fixtures.ts";
import { rememberUser } from "./remember-user.ts";

/** /admin (issue 11, DESIGN D7): who sees what, and an admin's work in English and Arabic. */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A customer account through the real sign-up API; the browser context holds its session. */
async function signUpCustomer(page: Page, fields: { firstName: string; lastName: string }) {
  const email = `customer-${unique()}@example.sa`;
  const response = await page.request.post("/api/auth/signup", {
    data: { ...fields, email, country: "Saudi Arabia", password: "dates-and-oud-2026" },
  });
  expect(response.status()).toBe(201);
  await rememberUser(page, response);
  return email;
}

async function signInAdmin(page: Page) {
  const response = await page.request.post("/api/auth/signin", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  await rememberUser(page, response);
}

/** The refusal the page is built on: the dashboard's 401/403 (and the browser's console line). */
function allowRefusal(problems: Problems, status: 401 | 403) {
  problems.allow(new RegExp(`^${status} .*/api/(admin/dashboard|auth/me)`));
  problems.allow(new RegExp(`status of ${status}`));
}

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "ar" ? "/ar" : "";
  const words = {
    en: { signIn: "Sign In to Continue", notAllowed: "Not Allowed", title: "Admin Dashboard" },
    ar: { signIn: "سجّل الدخول للمتابعة", notAllowed: "غير مسموح", title: "لوحة الإدارة" },
  }[lang];

  test(`${lang}: signed out, /admin asks to sign in and comes back after`, async ({ page, problems }) => {
    allowRefusal(problems, 401);
    await page.goto(`${prefix}/admin`);
    await expect(page.getByRole("heading", { name: words.signIn })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    const link = page.getByRole("link", { name: lang === "ar" ? "تسجيل الدخول" : "Sign In", exact: true }).last();
    await expect(link).toHaveAttribute("href", `${prefix}/auth?next=${encodeURIComponent(`${prefix}/admin`)}`);
  });

  test(`${lang}: a signed-in customer gets "not allowed", never the dashboard`, async ({ page, problems }) => {
    allowRefusal(problems, 403);
    await signUpCustomer(page, { firstName: "Lama", lastName: "Al-Otaibi" });
    await page.goto(`${prefix}/admin`);
    await expect(page.getByRole("heading", { name: words.notAllowed })).toBeVisible();
    await expect(page.getByRole("heading", { name: words.title })).toHaveCount(0);
    await expect(page.getByRole("tablist")).toHaveCount(0);
  });
}

test("en: an admin sees the dashboard, finds and disables a user, exports CSV and works the inbox", async ({
  page,
  problems,
}) => {
  // A long walk through four tabs: more time than a single-page test on a busy machine.
  test.setTimeout(120_000);
  // The customer's own session was ended by the disable; its later 401 on /me is expected.
  allowRefusal(problems, 401);
  const id = unique();
  const customerEmail = await signUpCustomer(page, { firstName: "Khalid", lastName: `Al-Harbi${id}` });
  const inquiry = await page.request.post("/api/inquiries", {
    data: {
      name: `Sara ${id}`,
      email: `sara-${id}@example.sa`,
      message: "Twenty Nawat bowls for Eid, please.",
      lang: "en",
    },
  });
  expect(inquiry.status()).toBe(201);
  const { reference } = (await inquiry.json()) as { reference: string };
  await signInAdmin(page);

  await page.goto("/admin");
  await waitForApp(page);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("stat-users").locator("dd").first()).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId("stat-revenue")).toContainText("SAR");
  await expect(page.getByTestId("stat-conversion")).toContainText("Paid orders ÷ checkouts started");
  const activity = page.getByRole("region", { name: "Recent Activity" });
  await expect(activity).toContainText(`Contact message · Sara ${id}`);
  await expect(page.getByRole("region", { name: "New Users" })).toContainText(customerEmail);
  await expectAccessible(page);

  // Tabs by keyboard: the selected tab has the focus ring; the arrow key moves to the next one.
  await page.getByRole("tab", { name: "Overview" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Users" })).toBeFocused();

  await page.getByLabel("Search users").fill(`al-harbi${id}`.toUpperCase());
  const rows = page.getByTestId("user-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(customerEmail);
  await expect(rows).toContainText("Not provided");
  await expect(rows).toContainText("Unverified");
  await expect(rows).toContainText("Active");

  await rows.getByRole("button", { name: `View details of Khalid Al-Harbi${id}` }).click();
  const details = page.getByRole("dialog", { name: "User Details" });
  await expect(details).toContainText(customerEmail);
  await expect(details).toContainText("Signed-in sessions");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString("utf8").slice(1).trim().split("\r\n");
  expect(lines[0]).toContain('"First name","Last name","E-mail"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Khalid","Al-Harbi${id}","${customerEmail}"`);

  await rows.getByRole("button", { name: `Disable Khalid Al-Harbi${id}` }).click();
  const confirm = page.getByRole("dialog", { name: "Disable this account?" });
  await expect(confirm).toContainText("signed out everywhere");
  await confirm.getByRole("button", { name: "Disable Account" }).click();
  await expect(rows).toContainText("Disabled");
  await expect(page.getByRole("status").filter({ hasText: "is disabled and signed out everywhere" })).toBeVisible();

  await page.getByRole("tab", { name: "Inbox" }).click();
  await page.getByLabel("Search messages").fill(reference);
  const leads = page.getByTestId("lead-row");
  await expect(leads).toHaveCount(1);
  await expect(leads).toContainText("New");
  await leads.getByRole("button", { name: `Open ${reference}` }).click();
  const lead = page.getByRole("dialog", { name: `Contact message ${reference}` });
  await expect(lead).toContainText("Twenty Nawat bowls for Eid, please.");
  await expect(lead).toContainText(`sara-${id}@example.sa`);
  await expect(lead.getByRole("link", { name: "Reply by E-mail" })).toHaveAttribute(
    "href",
    `mailto:sara-${id}%40example.sa?subject=${encodeURIComponent(`Re: your request ${reference}`)}`,
  );
  await lead.getByLabel("Status").selectOption("in_progress");
  await lead.getByRole("button", { name: "Update Status" }).click();
  await expect(lead.locator("dd").first()).toHaveText("In progress");
  await lead.getByRole("button", { name: "Close" }).click();
  await expect(leads).toContainText("In progress");
  await page.getByLabel("Status", { exact: true }).selectOption("closed");
  await expect(page.getByText("No message matches these filters.")).toBeVisible();
});

test("ar: an admin works the dashboard in Arabic, right to left with Arabic digits", async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();
  const inquiry = await page.request.post("/api/inquiries", {
    data: { name: `نورة ${id}`, email: `noura-${id}@example.sa`, message: "أرغب في طلب عشرين صحنًا للعيد.", lang: "ar" },
  });
  const { reference } = (await inquiry.json()) as { reference: string };
  await signInAdmin(page);

  await page.goto("/ar/admin");
  await waitForApp(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "لوحة الإدارة", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "نظرة عامة" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("stat-users").locator("dd").first()).toHaveText(/^[٠-٩٬]+$/);
  await expect(page.getByTestId("stat-revenue")).toContainText("ريال");
  await expect(page.getByRole("region", { name: "آخر النشاطات" })).toContainText(`رسالة تواصل · نورة ${id}`);
  await expectAccessible(page);

  // In right to left, the next tab is to the left.
  await page.getByRole("tab", { name: "نظرة عامة" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "المستخدمون" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("columnheader", { name: "تاريخ التسجيل" })).toBeVisible();
  await expect(page.getByTestId("user-row").first().locator("time")).toHaveText(/^[٠-٩/\u200f]+$/);

  await page.getByRole("tab", { name: "التحليلات" }).click();
  await expect(
    page.getByRole("img", { name: "رسم بياني بالأعمدة لعدد التسجيلات اليومية خلال آخر ٣٠ يومًا" }),
  ).toBeVisible();
  const table = page.getByRole("table", { name: "التسجيلات اليومية" });
  await expect(table.locator("tbody tr")).toHaveCount(30);
  await expect(table.locator("tbody td").last()).toHaveText(/^[٠-٩]+$/);
  await expect(page.getByRole("region", { name: "المنتجات الأكثر مبيعًا" })).toContainText("٤٢٢ ريال");

  await page.getByRole("tab", { name: "الوارد" }).click();
  await page.getByLabel("البحث في الرسائل").fill(reference);
  await expect(page.getByTestId("lead-row")).toHaveCount(1);
  await expect(page.getByTestId("lead-row")).toContainText("جديد");
  await page.getByTestId("lead-row").getByRole("button").click();
  const lead = page.getByRole("dialog", { name: `رسالة تواصل ${reference}` });
  await expect(lead).toContainText("أرغب في طلب عشرين صحنًا للعيد.");
  await expect(lead.getByRole("link", { name: "الرد بالبريد الإلكتروني" })).toBeVisible();
});

/**
 * A paid Tamara order on the sandbox, made through the API as the checkout makes it: only
 * authorised at confirm (captured when it ships). Answers its reference and access token.
 */
async function paidInstalmentOrder(page: Page, lang: "en" | "ar") {
  const id = unique();
  const created = await page.request.post("/api/payment/create-intent", {
    data: {
      name: lang === "ar" ? `ريم العتيبي ${id}` : `Reem Al-Otaibi ${id}`,
      email: `reem-${id}@example.sa`,
      phone: "0551234567",
      address: { city: "Riyadh", district: "Al Malqa", street: "Anas Ibn Malik Road", building: "8123" },
      paymentMethod: "tamara",
      productId: "nawat",
      quantity: 1,
      amount: "422.00",
      currency: "SAR",
      lang,
    },
  });
  expect(created.status()).toBe(201);
  const intent = (await created.json()) as {
    paymentIntentId: string;
    orderReference: string;
    accessToken: string;
    redirectUrl: string;
  };
  const decided = await page.request.post(`${new URL(intent.redirectUrl).pathname}/decide`, {
    form: { phone: "544337866", action: "approve" },
    maxRedirects: 0,
  });
  expect(decided.status()).toBeLessThan(400);
  const confirmed = await page.request.post("/api/payment/confirm", {
    data: { paymentIntentId: intent.paymentIntentId, paymentMethod: "tamara" },
  });
  expect(((await confirmed.json()) as { order: { status: string } }).order.status).toBe("paid");
  return intent;
}

for (const lang of ["en", "ar"] as const) {
  const prefix = lang === "ar" ? "/ar" : "";
  const w = {
    en: {
      tab: "Orders",
      search: "Search orders",
      view: (reference: string) => `View order ${reference}`,
      ship: "Ship",
      carrier: "Carrier (optional)",
      tracking: "Tracking number (optional)",
      shipAction: "Ship the Order",
      shipped: "Shipped",
      captured: "Captured 422 SAR",
      refund: "Refund",
      amount: "Amount to refund (SAR)",
      reason: "Reason (optional)",
      refundPart: "Refund 100 SAR",
      refundedPart: "Refunded 100 SAR",
      partly: "Partly refunded",
      history: ["Paid → Shipped", "Shipped → Refund pending", "Refund pending → Shipped"],
      buyerShipped: "Shipped",
      // The amounts are isolated (U+2068…U+2069) so that each reads whole in either direction.
      refundedRow: "\u2068100 SAR\u2069 of \u2068422 SAR\u2069",
    },
    ar: {
      tab: "الطلبات",
      search: "ابحث في الطلبات",
      view: (reference: string) => `اعرض الطلب ${reference}`,
      ship: "شحن الطلب",
      carrier: "شركة الشحن (اختياري)",
      tracking: "رقم التتبّع (اختياري)",
      shipAction: "اشحن الطلب",
      shipped: "مشحون",
      captured: "حُصِّل ٤٢٢ ريال",
      refund: "استرداد المبلغ",
      amount: "المبلغ المُسترد (ريال)",
      reason: "السبب (اختياري)",
      refundPart: "استرداد ١٠٠ ريال",
      refundedPart: "استُرد ١٠٠ ريال",
      partly: "مُسترد جزئيًا",
      history: ["مدفوع ← مشحون", "مشحون ← استرداد قيد التنفيذ", "استرداد قيد التنفيذ ← مشحون"],
      buyerShipped: "تم الشحن",
      refundedRow: "\u2068١٠٠ ريال\u2069 من \u2068٤٢٢ ريال\u2069",
    },
  }[lang];

  test(`${lang}: the admin ships an order (captured at shipment), refunds part of it and sees both in its history; the buyer's page shows it shipped and partly refunded`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const intent = await paidInstalmentOrder(page, lang);
    await signInAdmin(page);
    await page.goto(`${prefix}/admin`);
    await waitForApp(page);
    await page.getByRole("tab", { name: w.tab }).click();
    await page.getByLabel(w.search).fill(intent.orderReference);
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await page.getByRole("button", { name: w.view(intent.orderReference) }).click();
    const dialog = page.getByTestId("order-dialog");

    // Ship with the carrier and the tracking number.
    await dialog.getByRole("button", { name: w.ship, exact: true }).click();
    const ship = page.getByTestId("ship-dialog");
    await ship.getByLabel(w.carrier).fill("SMSA");
    await ship.getByLabel(w.tracking).fill("SMSA-2291");
    await ship.getByRole("button", { name: w.shipAction }).click();
    await expect(dialog.getByTestId("order-dialog-status")).toHaveText(w.shipped);
    await expect(dialog.getByTestId("order-shipment")).toContainText("SMSA-2291");
    await expect(dialog.getByTestId("order-history")).toContainText(w.captured);

    // Refund 100 SAR of it, confirmed.
    await dialog.getByRole("button", { name: w.refund, exact: true }).click();
    const refund = page.getByTestId("refund-dialog");
    await refund.getByLabel(w.amount).fill("100");
    await refund.getByLabel(w.reason).fill(lang === "ar" ? "خدش بسيط" : "A small scratch");
    await refund.getByRole("button", { name: w.refundPart }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: w.refundPart }).click();
    await expect(dialog.getByTestId("order-refunded")).toContainText(lang === "ar" ? "١٠٠" : "100");
    await expect(dialog.getByTestId("order-dialog-status")).toHaveText(w.shipped);
    await expect(dialog).toContainText(w.partly);
    const history = dialog.getByTestId("order-history");
    await expect(history).toContainText(w.refundedPart);
    for (const line of w.history) await expect(history).toContainText(line);
    await expectAccessible(page);

    // The buyer, in another browser, with the order's link.
    const buyer = await browser.newContext();
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(
      `${prefix}/orders#${new URLSearchParams({ ref: intent.orderReference, access: intent.accessToken })}`,
    );
    await waitForApp(buyerPage);
    const details = buyerPage.getByTestId("order-details");
    await expect(details.getByTestId("order-status")).toHaveText(w.buyerShipped);
    await expect(details.getByTestId("order-partly-refunded")).toHaveText(w.partly);
    await expect(details.getByTestId("order-carrier")).toHaveText("SMSA");
    await expect(details.getByTestId("order-tracking")).toHaveText("SMSA-2291");
    await expect(details.getByTestId("order-refunded")).toContainText(w.refundedRow);
    await buyer.close();
  });
}
