/**
 * `node --import tsx scripts/measure-fold-sizes.ts [base URL]` against a running build (default
 * http://127.0.0.1:3000): the content height of every `below-fold` element, and the whole height of
 * the home page's testimonials, on the long pages at 390x844 and 1440x900 in English and Arabic,
 * once `<html data-below-fold="open">`. Each line is the `foldSize(phone, desktop, [arPhone,
 * arDesktop])` (or `slotSize`) call the element should have, beside the one it has
 * (src/client/components/ui/fold-size.ts; issue 37). tests/e2e/page-height.spec.ts is the check.
 */
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.ts";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const pages = ["/", "/products", "/services", "/sustainability", "/about", "/contact"];
const screens = [
  { width: 390, height: 844, phone: true },
  { width: 1440, height: 900, phone: false },
];

type Row = { label: string; now: string; heights: Record<string, number> };
const rows = new Map<string, Row>();

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
for (const screen of screens) {
  for (const lang of ["en", "ar"] as const) {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.phone,
      hasTouch: screen.phone,
    });
    for (const path of pages) {
      const page = await context.newPage();
      await page.goto(new URL(lang === "ar" ? `/ar${path === "/" ? "" : path}` : path, base).href);
      await page.waitForFunction(() => document.documentElement.dataset.belowFold === "open");
      if (path === "/") {
        // The testimonials render near the viewport: bring them in.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.getByTestId("testimonials").waitFor();
      }
      const found = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".below-fold, [data-testid=testimonials]")].map((el) => {
          const style = getComputedStyle(el);
          const box = el.getBoundingClientRect().height;
          const slot = el.dataset.testid === "testimonials";
          return {
            label: `${el.tagName.toLowerCase()}#${el.getAttribute("aria-labelledby") ?? el.dataset.testid ?? ""}`,
            slot,
            // contain-intrinsic-size is the content box; the slot is the whole box.
            height: Math.round(slot ? box : box - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)),
            now: ["--fold-size", "--fold-size-md", "--fold-size-ar", "--fold-size-md-ar"]
              .map((name) => el.style.getPropertyValue(name) || "-")
              .join(" "),
          };
        }),
      );
      found.forEach((item, index) => {
        const key = `${path} ${index} ${item.label}`;
        const row = rows.get(key) ?? { label: item.slot ? "slotSize" : "foldSize", now: item.now, heights: {} };
        row.heights[`${lang}-${screen.phone ? "phone" : "desktop"}`] = item.height;
        rows.set(key, row);
      });
      await page.close();
    }
    await context.close();
  }
}
await browser.close();

for (const [key, row] of rows) {
  const h = row.heights;
  const call = `${row.label}(${h["en-phone"]}, ${h["en-desktop"]}, [${h["ar-phone"]}, ${h["ar-desktop"]}])`;
  console.log(`${key.padEnd(40)} ${call.padEnd(42)} now: ${row.now}`);
}
