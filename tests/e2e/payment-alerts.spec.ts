import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-admin.ts";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";
import { rememberUser } from "./remember-user.ts";

/**
 * Payment alerts in the admin's Inbox (issue 35, decision 0044), in English and Arabic: the
 * overview's banner, the count on the Inbox tab, each alert with its kind, amount, provider payment,
 * order and what was done, and resolving one with a note. The alerts come from
 * tests/e2e/payment-alerts-server.ts (a second server).
 */
type Alert = { id: number; payment: string; reference?: string };
type Fixture = { origin: string; late: Alert; unknownEn: Alert; refused: Alert; unknownAr: Alert };

test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let fixture: Fixture;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = process.env.PAYMENT_ALERTS_E2E_PORT ?? String(Number(process.env.E2E_PORT ?? 3100) + 17);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/payment-alerts-server.ts"], {
    env: { ...process.env, PAYMENT_ALERTS_E2E_PORT: port },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  fixture = await new Promise<Fixture>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the payment alerts server stopped (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line) as Fixture));
  });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

async function signInAdmin(page: Page) {
  const response = await page.request.post(`${fixture.origin}/api/auth/signin`, { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  await rememberUser(page, response);
}

const arabicDigits = (value: number) => String(value).replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);

const alertRow = (page: Page, alert: Alert) => page.getByTestId("payment-alert").filter({ hasText: alert.payment });

test("en: the admin sees the payment alerts in the Inbox and resolves one with a note", async ({ page }) => {
  await signInAdmin(page);
  await page.goto(`${fixture.origin}/admin`);
  await waitForApp(page);
  const banner = page.getByTestId("payment-alerts-banner");
  await expect(banner).toContainText("Payment Alerts Need Your Attention: 4");
  await expect(page.getByRole("tab", { name: "Inbox (4)" })).toBeVisible();
  await banner.getByRole("button", { name: "Open the Inbox" }).click();
  await expect(page.getByRole("tab", { name: "Inbox (4)" })).toHaveAttribute("aria-selected", "true");

  const alerts = page.getByTestId("payment-alerts");
  await expect(alerts.getByRole("heading", { name: "Payment Alerts" })).toBeVisible();
  await expect(alerts.getByTestId("payment-alert")).toHaveCount(4);
  const late = alertRow(page, fixture.late);
  await expect(late.getByTestId("payment-alert-kind")).toHaveText("Late payment");
  await expect(late.getByTestId("payment-alert-action")).toHaveText("Refunded");
  await expect(late.getByTestId("payment-alert-amount")).toHaveText("422 SAR");
  await expect(late.getByTestId("payment-alert-order")).toHaveText(fixture.late.reference!);
  await expect(late.getByTestId("payment-alert-done")).toContainText("422 SAR to be refunded to the buyer");
  const refused = alertRow(page, fixture.refused);
  await expect(refused.getByTestId("payment-alert-action")).toHaveText("Refund failed");
  await expect(refused.getByTestId("payment-alert-done")).toContainText("The provider said: Payment is not refundable");
  await expectAccessible(page);

  // The linked order opens with the alert's steps in its history.
  await late.getByRole("button", { name: `Open order ${fixture.late.reference}` }).click();
  const order = page.getByRole("dialog", { name: `Order ${fixture.late.reference}` });
  await expect(order.getByTestId("order-dialog-status")).toHaveText("Expired");
  await order.getByRole("button", { name: "Close" }).first().click();

  const unknown = alertRow(page, fixture.unknownEn);
  await expect(unknown.getByTestId("payment-alert-kind")).toHaveText("Payment no order knows");
  await expect(unknown.getByTestId("payment-alert-action")).toHaveText("Kept");
  await expect(unknown).toContainText("No order");
  await unknown.getByRole("button", { name: "Resolve" }).click();
  const dialog = page.getByRole("dialog", { name: `Resolve payment alert ${fixture.unknownEn.id}?` });
  await dialog.getByRole("button", { name: "Resolve Alert" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write what was done about this payment.");
  await dialog.getByLabel("Note").fill("Matched to a phone order; kept.");
  await dialog.getByRole("button", { name: "Resolve Alert" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: `Payment alert ${fixture.unknownEn.id} is resolved.` }),
  ).toBeVisible();
  await expect(alerts.getByTestId("payment-alert")).toHaveCount(3);
  await expect(page.getByRole("tab", { name: "Inbox (3)" })).toBeVisible();

  await alerts.getByLabel("Show").selectOption("resolved");
  await expect(alerts.getByTestId("payment-alert")).toHaveCount(1);
  await expect(alertRow(page, fixture.unknownEn).getByTestId("payment-alert-resolution")).toHaveText(
    "Resolved by Studio Admin: Matched to a phone order; kept.",
  );
});

test("ar: the admin reads the alerts right to left, amounts in Arabic digits, and resolves one", async ({ page }) => {
  await signInAdmin(page);
  await page.goto(`${fixture.origin}/ar/admin`);
  await waitForApp(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("payment-alerts-banner")).toContainText("تنبيهات دفع بانتظار مراجعتك: ٣");
  await page.getByRole("tab", { name: "الوارد (٣)" }).click();

  const alerts = page.getByTestId("payment-alerts");
  await expect(alerts.getByRole("heading", { name: "تنبيهات الدفع" })).toBeVisible();
  await expect(alerts.getByTestId("payment-alert")).toHaveCount(3);
  const refused = alertRow(page, fixture.refused);
  await expect(refused.getByTestId("payment-alert-kind")).toHaveText("دفعة ثانية للطلب نفسه");
  await expect(refused.getByTestId("payment-alert-action")).toHaveText("تعذّر الاسترداد");
  await expect(refused.getByTestId("payment-alert-amount")).toHaveText("٣٥٠ ريال");
  // The provider's payment id and the order's reference read left to right inside the Arabic row.
  await expect(refused.getByTestId("payment-alert-payment")).toHaveAttribute("dir", "ltr");
  await expect(refused.getByTestId("payment-alert-order")).toHaveAttribute("dir", "ltr");
  await expect(refused.getByTestId("payment-alert-done")).toContainText(
    "يُعاد \u2068٣٥٠ ريال\u2069 إلى المشتري بالاسترداد",
  );
  await expectAccessible(page);

  const unknown = alertRow(page, fixture.unknownAr);
  await expect(unknown.getByTestId("payment-alert-kind")).toHaveText("دفعة لا يعرفها أي طلب");
  await unknown.getByRole("button", { name: "إغلاق التنبيه" }).click();
  const dialog = page.getByRole("dialog", { name: `إغلاق تنبيه الدفع ${arabicDigits(fixture.unknownAr.id)}؟` });
  await dialog.getByLabel("الملاحظة").fill("استُرد المبلغ يدويًا من لوحة تحكّم المزوّد.");
  await dialog.getByRole("button", { name: "أغلق التنبيه" }).click();
  await expect(dialog).toBeHidden();
  await expect(alerts.getByTestId("payment-alert")).toHaveCount(2);
  await expect(page.getByRole("tab", { name: "الوارد (٢)" })).toBeVisible();
});
