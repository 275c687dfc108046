import { spawn, type ChildProcess } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

/**
 * An Apple Pay charge whose answer Moyasar never gave (issue 35, decision 0044), in English and
 * Arabic: the checkout says the payment is being confirmed and that an e-mail will follow, offers
 * no way to pay again, reads the order, and ends on "Order Successful!" once the reconciliation has
 * found the charge, or on "nothing was charged" once it has found it declined. The server is
 * tests/e2e/lost-answer-server.ts (the real app with PAYMENT_GATEWAY=providers and the Moyasar fake).
 */
test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let lines: Interface;
let origin = "";

/** The next line the server prints. */
const nextLine = () =>
  new Promise<Record<string, unknown>>((resolve) => lines.once("line", (line) => resolve(JSON.parse(line))));

async function command(name: "drop" | "reconcile") {
  const answer = nextLine();
  server!.stdin!.write(`${name}\n`);
  expect(await answer).toEqual({ done: name });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = process.env.LOST_ANSWER_E2E_PORT ?? String(Number(process.env.E2E_PORT ?? 3100) + 18);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/lost-answer-server.ts"], {
    env: { ...process.env, LOST_ANSWER_E2E_PORT: port },
    stdio: ["pipe", "pipe", "inherit"],
  });
  server = child;
  lines = createInterface({ input: child.stdout! });
  const started = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the lost-answer server stopped (exit ${code})`)));
    void nextLine().then(resolve);
  });
  origin = String(started.origin);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/**
 * Apple Pay JS as Safari offers it, standing in for the sheet: it approves and hands over a token
 * (one whose JSON says DECLINE is declined by the Moyasar fake).
 */
async function installFakeApplePay(page: Page, paymentData: unknown) {
  await page.addInitScript((data) => {
    class ApplePaySession {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments() {
        return true;
      }
      onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
      onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
      oncancel: ((event: unknown) => void) | null = null;
      begin() {
        setTimeout(
          () =>
            this.onvalidatemerchant?.({
              validationURL: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
            }),
          10,
        );
      }
      completeMerchantValidation() {
        setTimeout(() => this.onpaymentauthorized?.({ payment: { token: { paymentData: data } } }), 10);
      }
      completePayment() {}
      abort() {}
    }
    (window as unknown as { ApplePaySession: unknown }).ApplePaySession = ApplePaySession;
  }, paymentData);
}

const languages = [
  {
    lang: "en",
    prefix: "",
    fields: {
      name: "Full name",
      email: "Email",
      phone: "Mobile number",
      city: "City",
      district: "District",
      street: "Street",
    },
    buyer: { name: "Sara Al-Qahtani", city: "Riyadh", district: "Al Olaya", street: "King Fahd Road" },
    verifying: "We Are Confirming Your Payment",
    doNotPayAgain: "Please do not pay again",
    email: "We will e-mail",
    end: "paid",
    success: "Order Successful!",
  },
  {
    lang: "ar",
    prefix: "/ar",
    fields: {
      name: "الاسم الكامل",
      email: "البريد الإلكتروني",
      phone: "رقم الجوال",
      city: "المدينة",
      district: "الحي",
      street: "الشارع",
    },
    buyer: { name: "سارة القحطاني", city: "الرياض", district: "العليا", street: "طريق الملك فهد" },
    verifying: "نتحقق الآن من عملية الدفع",
    doNotPayAgain: "من فضلك لا تدفع مرة أخرى",
    email: "سنراسلك على",
    end: "not charged",
    notCharged: "لم تكتمل عملية الدفع",
    nothingCharged: "فلم يُخصم منك شيء",
  },
] as const;

for (const t of languages) {
  test(`${t.lang}: a lost Apple Pay answer is "being confirmed", never paid twice, then ends ${t.end}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await installFakeApplePay(page, t.end === "paid" ? { data: "opaque" } : "DECLINE");
    const email = `lost-${t.lang}-${Date.now().toString(36)}@example.sa`;
    await page.goto(`${origin}${t.prefix}/checkout`);
    await waitForApp(page);
    await page.getByLabel(t.fields.name, { exact: true }).fill(t.buyer.name);
    await page.getByLabel(t.fields.email, { exact: true }).fill(email);
    await page.getByLabel(t.fields.phone, { exact: true }).fill("501234567");
    await page.getByLabel(t.fields.city, { exact: true }).fill(t.buyer.city);
    await page.getByLabel(t.fields.district, { exact: true }).fill(t.buyer.district);
    await page.getByLabel(t.fields.street, { exact: true }).fill(t.buyer.street);

    await command("drop");
    const created = page.waitForResponse((response) => response.url().endsWith("/api/payment/create-intent"));
    await page.getByTestId("pay-apple-pay").click();
    expect((await created).status()).toBe(202);

    const verifying = page.getByTestId("checkout-verifying");
    await expect(verifying.getByRole("heading", { name: t.verifying })).toBeVisible();
    await expect(verifying).toContainText(t.doNotPayAgain);
    await expect(verifying).toContainText(t.email);
    await expect(verifying).toContainText(email);
    await expect(page.getByTestId("pay-apple-pay")).toHaveCount(0);
    await expect(page.getByTestId("pay-credit-card")).toHaveCount(0);
    await expectAccessible(page);
    // The page reads the order with its token in the header, never in the address.
    const read = await page.waitForRequest((request) => request.url().includes("/api/orders/"));
    expect(read.headers()["x-order-access"]).toMatch(/^o1\./);
    expect(new URL(read.url()).search).toBe("");

    await command("reconcile");
    if (t.end === "paid") {
      const success = page.getByTestId("checkout-success");
      await expect(success.getByRole("heading", { name: t.success })).toBeVisible({ timeout: 20_000 });
      await expect(success.getByTestId("success-email")).toHaveText(email);
    } else {
      const failed = page.getByTestId("checkout-not-charged");
      await expect(failed.getByRole("heading", { name: t.notCharged })).toBeVisible({ timeout: 20_000 });
      await expect(failed).toContainText(t.nothingCharged);
    }
  });
}
