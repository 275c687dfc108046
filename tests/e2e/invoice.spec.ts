import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

/**
 * The printable invoice (/orders/invoice, decision 0021) in English and Arabic: the bilingual
 * invoice with its amounts and QR code, the PDF download, and print without the site's frame.
 * The paid order comes from tests/e2e/invoice-server.ts (a second server on port 3114).
 */
type Fixture = { origin: string; reference: string; access: string; number: string };

test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let fixture: Fixture;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/invoice-server.ts"], {
    env: { ...process.env, INVOICE_E2E_PORT: process.env.INVOICE_E2E_PORT ?? "3114" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  fixture = await new Promise<Fixture>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the invoice server stopped (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line) as Fixture));
  });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

const languages = [
  {
    lang: "en",
    prefix: "",
    title: "Simplified Tax Invoice",
    other: "فاتورة ضريبية مبسطة",
    total: "350.50 SAR",
    vat: "45.72 SAR",
    method: "Tabby",
    download: "Download PDF",
    notFound: "This invoice could not be found",
  },
  {
    lang: "ar",
    prefix: "/ar",
    title: "فاتورة ضريبية مبسطة",
    other: "Simplified Tax Invoice",
    total: "٣٥٠٫٥٠ ريال",
    vat: "٤٥٫٧٢ ريال",
    method: "تابي",
    download: "تنزيل الفاتورة (PDF)",
    notFound: "لم نجد هذه الفاتورة",
  },
] as const;

for (const t of languages) {
  test(`${t.lang}: shows the invoice with its QR code, downloads the PDF, prints without the site's frame`, async ({
    page,
  }) => {
    await page.goto(`${fixture.origin}${t.prefix}/orders/invoice#ref=${fixture.reference}&access=${fixture.access}`);
    await waitForApp(page);
    const invoice = page.getByTestId("invoice-document");
    await expect(invoice).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    await expect(invoice).toContainText(t.other);
    await expect(invoice.locator('[data-field="number"]')).toHaveText(fixture.number);
    await expect(invoice.locator('[data-field="orderReference"]')).toHaveText(fixture.reference);
    await expect(invoice.locator('[data-field="paymentMethod"]')).toHaveText(t.method);
    await expect(invoice.locator('[data-total="totalIncludingVat"]')).toHaveText(t.total);
    await expect(invoice.locator('[data-total="vatTotal"]')).toHaveText(t.vat);
    await expect(invoice.getByTestId("invoice-lines")).toContainText("مبخرة سنام");
    await expect(invoice.getByTestId("invoice-lines")).toContainText("Sanam Incense Holder");
    const qr = invoice.getByTestId("invoice-qr").locator("svg");
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThan(100);
    await expect(page.locator("html")).toHaveAttribute("dir", t.lang === "ar" ? "rtl" : "ltr");

    // A button that fetches the PDF with the token in a header (issue 35: never in a URL).
    const link = page.getByRole("button", { name: t.download });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${fixture.number}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    await expectAccessible(page);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("site-header")).toBeHidden();
    await expect(link).toBeHidden();
    await expect(invoice).toBeVisible();
  });

  test(`${t.lang}: a link with a wrong token shows "not found" and no invoice`, async ({ page, problems }) => {
    problems.allow(/404 .*\/invoice\?/);
    problems.allow(/Failed to load resource.*404/);
    await page.goto(`${fixture.origin}${t.prefix}/orders/invoice#ref=${fixture.reference}&access=not-the-token`);
    await waitForApp(page);
    await expect(page.getByRole("alert")).toContainText(t.notFound);
    await expect(page.getByTestId("invoice-document")).toHaveCount(0);
  });
}
