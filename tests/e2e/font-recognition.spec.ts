import { readFile } from "node:fs/promises";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

const root = new URL("../../", import.meta.url).pathname;
GlobalFonts.registerFromPath(
  `${root}node_modules/@fontsource/roboto/files/roboto-latin-400-normal.woff2`,
  "e2e-roboto",
);
GlobalFonts.registerFromPath(`${root}node_modules/@fontsource/amiri/files/amiri-arabic-400-normal.woff2`, "e2e-amiri");

/** A freshly drawn photo-sized line of text, as a PNG the visitor "uploads". */
function textImage(font: string, text: string, rtl = false): Buffer {
  const canvas = createCanvas(1000, 360);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f7f3ec";
  ctx.fillRect(0, 0, 1000, 360);
  ctx.fillStyle = "#1d1a16";
  ctx.font = `64px "${font}"`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.direction = rtl ? "rtl" : "ltr";
  ctx.fillText(text, 500, 180);
  return canvas.toBuffer("image/png");
}

/** A sign of two lines, an Arabic name above its English, as a PNG the visitor "uploads". */
function twoLineSign(): Buffer {
  const canvas = createCanvas(1100, 440);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f7f3ec";
  ctx.fillRect(0, 0, 1100, 440);
  ctx.fillStyle = "#1d1a16";
  ctx.textAlign = "center";
  ctx.font = `84px "e2e-amiri"`;
  ctx.direction = "rtl";
  ctx.fillText("صناعة يدوية من الرياض", 550, 150);
  ctx.font = `48px "e2e-roboto"`;
  ctx.direction = "ltr";
  ctx.fillText("Handmade in Riyadh", 550, 330);
  return canvas.toBuffer("image/png");
}

const languages = [
  {
    lang: "en",
    prefix: "",
    dir: "ltr",
    // Cycle 8's model flags "Handmade walnut bowls" in Roboto as not in the library (logit 8.60 under
    // the bar of 8.77, probability 0.98): one of the ~12% of in-library lines flagged (ml/font-recognition/JOURNAL.md, session 16).
    // This test is the page's flow; the flag rate is measured by font:eval.
    image: { name: "studio.png", font: "e2e-roboto", text: "The studio in Riyadh", rtl: false },
    title: "Which typeface is this?",
    choose: "Image to analyze",
    analyze: "Analyze Font",
    clear: "Clear",
    download: "Download Report",
    copy: "Copy Summary",
    toastTitle: "Font Analysis Complete",
    copied: "Summary copied",
    percent: /\d+%/,
    tooLarge: "the limit is 10 MB",
    emptyResult: "Results appear here",
    openLibrary: "Browse the Library",
    script: "Script",
    style: "Style",
    arabic: "Arabic",
    kufi: "Kufi",
    search: "Search by name",
    // Typed without the hamza, as people often do: still finds Amiri.
    searchFor: { query: "amiri", found: "Amiri" },
    summary: "Font analysis (Nawat Studio)",
    noTextTitle: "No text found",
    noTextBody: "This image does not seem to hold any lettering",
    line: (n: string) => new RegExp(`^Line ${n}: `),
    lineHeading: "Line 2 — Latin text",
    firstLineHeading: "Line 1 — Arabic text",
    imageAlt: "The image you uploaded",
    lineStatus: "Showing the analysis of line 2",
  },
  {
    lang: "ar",
    prefix: "/ar",
    dir: "rtl",
    image: { name: "turath.png", font: "e2e-amiri", text: "صناعة يدوية من الرياض", rtl: true },
    title: "ما اسم هذا الخط؟",
    choose: "الصورة المراد تحليلها",
    analyze: "حلّل الخط",
    clear: "مسح",
    download: "تنزيل التقرير",
    copy: "نسخ الملخص",
    toastTitle: "اكتمل تحليل الخط",
    copied: "نُسخ الملخص",
    percent: /[٠-٩]+٪/,
    tooLarge: "والحد الأقصى ١٠ ميغابايت",
    emptyResult: "ستظهر النتائج هنا",
    openLibrary: "تصفّح المكتبة",
    script: "الأبجدية",
    style: "الطراز",
    arabic: "عربي",
    kufi: "كوفي",
    search: "ابحث باسم الخط",
    searchFor: { query: "الاميري", found: "الأميري" },
    summary: "تحليل الخط (استوديو نواة)",
    noTextTitle: "لم نجد نصًا",
    noTextBody: "لم نجد نصًا في هذه الصورة",
    line: (n: string) => new RegExp(`^السطر ${n}: `),
    lineHeading: "السطر ٢ — نص بحروف لاتينية",
    firstLineHeading: "السطر ١ — نص عربي",
    imageAlt: "الصورة التي رفعتها",
    lineStatus: "نعرض الآن تحليل السطر ٢",
  },
] as const;

for (const l of languages) {
  test.describe(`font recognition in ${l.lang}`, () => {
    test("upload, select, analyze, report, copy and clear", async ({ page, context, baseURL }) => {
      test.setTimeout(120_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
      await page.goto(`${l.prefix}/font-recognition`);
      await waitForApp(page);
      await expect(page.locator("html")).toHaveAttribute("dir", l.dir);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.title);
      await expect(page.getByText(l.emptyResult)).toBeVisible();
      await expectAccessible(page);

      // Over 10 MB: refused on the page, before anything is read or sent.
      const input = page.getByLabel(l.choose);
      await input.setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
      });
      await expect(page.getByTestId("upload-problem")).toContainText(l.tooLarge);
      await expect(page.getByTestId("selection-surface")).toHaveCount(0);

      // A real image: preview, then a box dragged around the text.
      const { name, font, text, rtl } = l.image;
      await input.setInputFiles({ name, mimeType: "image/png", buffer: textImage(font, text, rtl) });
      await expect(page.getByTestId("upload-problem")).toHaveCount(0);
      const surface = page.getByTestId("selection-surface");
      await expect(surface).toBeVisible();
      await surface.scrollIntoViewIfNeeded();
      const area = (await surface.boundingBox())!;
      await page.mouse.move(area.x + area.width * 0.05, area.y + area.height * 0.25);
      await page.mouse.down();
      await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 4 });
      await page.mouse.move(area.x + area.width * 0.95, area.y + area.height * 0.75, { steps: 4 });
      await page.mouse.up();
      await expect(page.getByTestId("selection-box")).toBeVisible();
      await expect(page.getByTestId("selection-status")).toContainText("×");

      // Analyze: the request carries the box, the toast names the family with a percentage.
      const requestSeen = page.waitForRequest((r) => r.url().endsWith("/api/analyze-font") && r.method() === "POST");
      await page.getByRole("button", { name: l.analyze }).click();
      const sent = (await requestSeen).postDataJSON() as {
        image: string;
        box?: { x: number; y: number; w: number; h: number };
      };
      expect(sent.image).toMatch(/^data:image\/png;base64,/);
      expect(sent.box?.w).toBeGreaterThan(700);
      expect((await requestSeen).headers()["accept-language"]).toBe(l.lang);

      const toast = page.getByTestId("toast-viewport").getByRole("status");
      await expect(toast).toContainText(l.toastTitle, { timeout: 30_000 });
      await expect(toast).toContainText(l.percent);
      const family = (await page.getByTestId("result-family").textContent())!.trim();
      expect(family.length).toBeGreaterThan(1);
      if (l.lang === "ar") expect(family).toMatch(/[\u0600-\u06ff]/);
      await expect(toast).toContainText(family);
      await expect(page.getByTestId("result-confidence")).toHaveText(l.percent);
      await expect(page.getByTestId("result-similar").getByRole("listitem").first()).toBeVisible();
      await expect(page.getByTestId("result-characteristics").getByRole("listitem").first()).toBeVisible();
      await expectAccessible(page);

      // The report downloads and is a page a person can open, in this language, with the image.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: l.download }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.html$/);
      const report = await readFile((await download.path())!, "utf8");
      expect(report).toContain(`<html lang="${l.lang}" dir="${l.dir}">`);
      expect(report).toContain(family);
      expect(report).toMatch(/<img src="data:image\/jpeg;base64,/);
      expect(report).not.toMatch(/<script|https?:\/\//);

      // The second icon copies a summary.
      await page.getByRole("button", { name: l.copy }).click();
      await expect(page.getByTestId("toast-viewport")).toContainText(l.copied);
      const clipboard = await page.evaluate(() => navigator.clipboard.readText());
      expect(clipboard).toContain(l.summary);
      expect(clipboard).toContain(family);

      // A new image clears the old result; Clear resets image and result.
      await input.setInputFiles({ name: `again-${name}`, mimeType: "image/png", buffer: textImage(font, text, rtl) });
      await expect(page.getByTestId("analysis-result")).toHaveCount(0);
      await expect(page.getByTestId("selection-box")).toHaveCount(0);
      await page.getByRole("button", { name: l.clear }).click();
      await expect(page.getByTestId("selection-surface")).toHaveCount(0);
      await expect(page.getByText(l.emptyResult)).toBeVisible();
    });

    test("a sign of two lines: a box over each, and the second line's own font when it is picked", async ({ page }) => {
      test.setTimeout(90_000);
      // The Arabic page on a phone's screen: the boxes must still sit over their pixels.
      if (l.lang === "ar") await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${l.prefix}/font-recognition`);
      await waitForApp(page);
      await page.getByLabel(l.choose).setInputFiles({ name: "sign.png", mimeType: "image/png", buffer: twoLineSign() });
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/analyze-font"));
      await page.getByRole("button", { name: l.analyze }).click();
      const answer = (await (await answered).json()) as {
        lines: {
          fontFamily: string;
          fontFamilyAr: string;
          familyScript?: string;
          script: string;
          box: { x: number; y: number; width: number; height: number };
        }[];
      };
      expect(answer.lines.map((line) => line.script)).toEqual(["arabic", "latin"]);

      const boxes = page.getByTestId("line-box");
      await expect(boxes).toHaveCount(2);
      await expect(boxes.nth(0)).toHaveAccessibleName(l.line(l.lang === "ar" ? "١" : "1"));
      await expect(boxes.nth(1)).toHaveAccessibleName(l.line(l.lang === "ar" ? "٢" : "2"));
      await expect(boxes.nth(0)).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("line-item")).toHaveCount(2);

      // Each box over the pixels of its line, in both directions (the picture is never mirrored).
      const shown = (await page.getByAltText(l.imageAlt).boundingBox())!;
      for (const [i, line] of answer.lines.entries()) {
        const at = (await boxes.nth(i).boundingBox())!;
        expect(Math.abs((at.x - shown.x) / shown.width - line.box.x / 1100)).toBeLessThan(0.01);
        expect(Math.abs((at.y - shown.y) / shown.height - line.box.y / 440)).toBeLessThan(0.01);
        expect(Math.abs(at.width / shown.width - line.box.width / 1100)).toBeLessThan(0.01);
      }

      // Pick the second line: by mouse on the English page, by keyboard on the Arabic one.
      if (l.lang === "ar") {
        await boxes.nth(1).focus();
        await page.keyboard.press("Enter");
      } else await boxes.nth(1).click();
      const second = answer.lines[1]!;
      const family = l.lang === "ar" && second.familyScript === "arabic" ? second.fontFamilyAr : second.fontFamily;
      await expect(boxes.nth(1)).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("result-line")).toHaveText(l.lineHeading);
      await expect(page.getByTestId("result-family")).toHaveText(family);
      await expect(page.getByTestId("line-status")).toContainText(l.lineStatus);
      await expect(page.getByTestId("line-item").nth(1)).toHaveAttribute("aria-pressed", "true");
      expect(await boxes.nth(1).getAttribute("aria-label")).toContain(family);
      await expectAccessible(page);

      // And back to the first from the list.
      await page.getByTestId("line-item").nth(0).click();
      await expect(page.getByTestId("result-line")).toHaveText(l.firstLineHeading);
      await expect(boxes.nth(0)).toHaveAttribute("aria-pressed", "true");
    });

    test("a product photo without text says so, and is not called a completed analysis", async ({ page, problems }) => {
      test.setTimeout(60_000);
      // The refusal is the API's 422, which the browser logs as a failed request.
      problems.allow(/^422 .*\/api\/analyze-font$/);
      problems.allow(/status of 422/);
      await page.goto(`${l.prefix}/font-recognition`);
      await waitForApp(page);
      const photo = await readFile(`${root}media/nawat-side.jpg`);
      await page.getByLabel(l.choose).setInputFiles({ name: "nawat.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: l.analyze }).click();
      const refusal = page.getByTestId("analysis-refusal");
      await expect(refusal).toContainText(l.noTextTitle);
      await expect(refusal).toContainText(l.noTextBody);
      await expect(page.getByTestId("analysis-result")).toHaveCount(0);
      await expect(page.getByText(l.toastTitle)).toHaveCount(0);
      await expectAccessible(page);
    });

    test("a dropped file that is not an image is refused", async ({ page }) => {
      await page.goto(`${l.prefix}/font-recognition`);
      await waitForApp(page);
      const transfer = await page.evaluateHandle(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(["hello"], "notes.txt", { type: "text/plain" }));
        return dt;
      });
      await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
      await expect(page.getByTestId("upload-problem")).toBeVisible();
      await expect(page.getByTestId("selection-surface")).toHaveCount(0);
    });

    test("the font library lists the families with samples and filters them", async ({ page }) => {
      await page.goto(`${l.prefix}/font-recognition`);
      await waitForApp(page);
      await page.getByRole("button", { name: l.openLibrary }).click();
      const list = page.getByTestId("library-list");
      await expect(list.getByRole("listitem").first()).toBeVisible();
      // Every family the model knows (issue 14: at least 200, at least 60 of them Arabic).
      expect(await list.getByRole("listitem").count()).toBeGreaterThanOrEqual(200);
      const firstSample = list.getByRole("img").first();
      await expect(firstSample).toHaveJSProperty("complete", true);
      expect(await firstSample.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(560);

      await page.getByLabel(l.script).selectOption("arabic");
      const arabicCount = await list.getByRole("listitem").count();
      expect(arabicCount).toBeGreaterThanOrEqual(60);
      await page.getByLabel(l.style).selectOption({ label: l.kufi });
      const kufi = await list.getByRole("listitem").count();
      expect(kufi).toBeGreaterThan(0);
      expect(kufi).toBeLessThan(arabicCount);

      await page.getByLabel(l.script).selectOption("all");
      await page.getByLabel(l.style).selectOption("all");
      await page.getByLabel(l.search).fill(l.searchFor.query);
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("heading", { level: 3 })).toContainText(l.searchFor.found);
      await expectAccessible(page);
    });
  });
}
