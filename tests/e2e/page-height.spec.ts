import type { Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * A long page keeps its height from the first load to the bottom (issue 37): sections below the
 * first screen stand in at their measured height until they render (foldSize() in
 * src/client/components/ui/fold-size.ts), and the home page's testimonials, which load when
 * scrolled near, have their place kept (slotSize()). Measured at the spec's two screens in both
 * languages; a failure names the height it moved by: re-measure with scripts/measure-fold-sizes.ts.
 */
const pages = ["/", "/products", "/services", "/sustainability", "/about", "/contact"];
const screens = [
  { name: "desktop", width: 1440, height: 900, phone: false },
  { name: "phone", width: 390, height: 844, phone: true },
] as const;
/** Sub-pixel heights rounded in different places. */
const tolerance = 3;

const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

for (const screen of screens) {
  for (const lang of ["en", "ar"] as const) {
    test.describe(`page height at ${screen.width}x${screen.height} (${lang})`, () => {
      test.use({
        viewport: { width: screen.width, height: screen.height },
        isMobile: screen.phone,
        hasTouch: screen.phone,
      });
      for (const path of pages) {
        const url = lang === "ar" ? `/ar${path === "/" ? "" : path}` : path;
        test(`${url} keeps its height and scroll position while scrolled to the bottom`, async ({ page }) => {
          await page.goto(url);
          await waitForApp(page);
          // Before anything below the first screen has rendered for good.
          const before = await height(page);

          // Down the page a screen at a time, as a reader scrolls: every step lands where it was
          // sent (nothing above grew or shrank) and the page is as long as it was.
          const heights: number[] = [];
          for (let y = 0; y < before; y += Math.round(screen.height * 0.8)) {
            const landed = await page.evaluate(async (target) => {
              window.scrollTo(0, target);
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
              await new Promise((resolve) => setTimeout(resolve, 100));
              return { y: window.scrollY, h: document.documentElement.scrollHeight, max: window.innerHeight };
            }, y);
            heights.push(landed.h);
            const bottom = Math.max(0, landed.h - landed.max);
            expect(Math.abs(landed.y - Math.min(y, bottom)), `scroll position at ${y}`).toBeLessThanOrEqual(1);
          }
          if (path === "/") await expect(page.getByTestId("testimonials")).toBeVisible();
          await page.waitForFunction(() => document.documentElement.dataset.belowFold === "open");
          const after = await height(page);
          for (const h of [...heights, after])
            expect(Math.abs(h - before), `height ${before} -> ${h} px`).toBeLessThanOrEqual(tolerance);
        });
      }
    });
  }
}
