import { readFileSync } from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

/**
 * The printable credit note (/orders/credit-note, issue 35) in English and Arabic: the bilingual
 * note with the invoice it references, the refunded amount and its VAT, the seller's address, the
 * QR code and the PDF; a sandbox order's note is marked as a test document. The refunded orders
 * come from tests/e2e/credit-note-server.ts (a second server).
 */
type Note = { reference: string; access: string; invoice: string; number: string };
type Fixture = { origin: string; live: Note; sandbox: Note };

test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
let fixture: Fixture;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = process.env.CREDIT_NOTE_E2E_PORT ?? String(Number(process.env.E2E_PORT ?? 3100) + 16);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/credit-note-server.ts"], {
    env: { ...process.env, CREDIT_NOTE_E2E_PORT: port },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  fixture = await new Promise<Fixture>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the credit note server stopped (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line) as Fixture));
  });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

const link = (prefix: string, note: Note, access = note.access) =>
  `${fixture.origin}${prefix}/orders/credit-note#ref=${note.reference}&number=${note.number}&access=${access}`;

const languages = [
  {
    lang: "en",
    prefix: "",
    title: "Simplified Credit Note",
    other: "إشعار دائن مبسط",
    total: "100.01 SAR",
    vat: "13.04 SAR",
    address: "7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia",
    download: "Download PDF",
    test: "Test document — not a tax invoice",
    notFound: "This credit note could not be found",
  },
  {
    lang: "ar",
    prefix: "/ar",
    title: "إشعار دائن مبسط",
    other: "Simplified Credit Note",
    total: "١٠٠٫٠١ ريال",
    vat: "١٣٫٠٤ ريال",
    address: "٧٤٢١ طريق الملك فهد، العليا، الرياض ١٢٢١٤، المملكة العربية السعودية",
    download: "تنزيل الإشعار الدائن (PDF)",
    test: "مستند تجريبي — ليس فاتورة ضريبية",
    notFound: "لم نجد هذا الإشعار الدائن",
  },
] as const;

for (const t of languages) {
  test(`${t.lang}: shows the credit note of a partial refund with the invoice it references, and downloads its PDF`, async ({
    page,
  }) => {
    await page.goto(link(t.prefix, fixture.live));
    await waitForApp(page);
    const note = page.getByTestId("credit-note-document");
    await expect(note).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    await expect(note).toContainText(t.other);
    await expect(note.getByTestId("seller-address")).toHaveText(t.address);
    await expect(note.locator('[data-field="number"]')).toHaveText(fixture.live.number);
    await expect(note.locator('[data-field="invoiceNumber"]')).toHaveText(fixture.live.invoice);
    await expect(note.locator('[data-field="orderReference"]')).toHaveText(fixture.live.reference);
    await expect(note.locator('[data-field="reason"]')).toHaveText("Scratch on the base");
    await expect(note.locator('[data-total="totalIncludingVat"]')).toHaveText(t.total);
    await expect(note.locator('[data-total="vatTotal"]')).toHaveText(t.vat);
    await expect(note.getByTestId("credit-note-lines")).toContainText("مبخرة سنام");
    await expect(page.getByTestId("test-document")).toHaveCount(0);
    const qr = note.getByTestId("credit-note-qr").locator("svg");
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThan(100);
    await expect(page.locator("html")).toHaveAttribute("dir", t.lang === "ar" ? "rtl" : "ltr");

    const pdfLink = page.getByTestId("credit-note-pdf");
    await expect(pdfLink).toHaveText(t.download);
    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${fixture.live.number}.pdf`);
    // The PDF is fetched with the token in a header and saved from memory: no URL carries it.
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await expectAccessible(page);
  });

  test(`${t.lang}: marks a sandbox order's credit note as a test document; a wrong token shows "not found"`, async ({
    page,
    problems,
  }) => {
    await page.goto(link(t.prefix, fixture.sandbox));
    await waitForApp(page);
    await expect(page.getByTestId("credit-note-document").locator('[data-field="number"]')).toHaveText(
      "TEST-CN-000001",
    );
    await expect(page.getByTestId("test-document")).toContainText(t.test);

    problems.allow(/404 .*\/credit-notes\//);
    problems.allow(/Failed to load resource.*404/);
    await page.goto(link(t.prefix, fixture.live, "not-the-token"));
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole("alert")).toContainText(t.notFound);
    await expect(page.getByTestId("credit-note-document")).toHaveCount(0);
  });
}
