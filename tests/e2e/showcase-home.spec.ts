import type { Page } from "@playwright/test";
import { expect, revealed, test, waitForApp } from "./fixtures.ts";

/** The home page's interactive parts (issue 3), in both languages. */
const languages = [
  {
    lang: "en",
    root: "/",
    prefix: "",
    open: "View Nawat details",
    zoom: "Zoom into Nawat",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    close: "Close",
    price: "422 SAR",
    sanam: "350 SAR",
    contents: "Pit-Collecting Base",
  },
  {
    lang: "ar",
    root: "/ar",
    prefix: "/ar",
    open: "اعرض تفاصيل «نواة»",
    zoom: "كبّر صورة «نواة»",
    zoomIn: "تكبير",
    zoomOut: "تصغير",
    close: "إغلاق",
    price: "٤٢٢ ريال",
    sanam: "٣٥٠ ريال",
    contents: "قاعدة تجمع النوى",
  },
] as const;

async function openHome(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === "hidden");

for (const l of languages) {
  test.describe(`home (${l.lang})`, () => {
    test("cards show the catalog prices; the modal opens, locks the page and closes three ways", async ({ page }) => {
      await openHome(page, l.root);
      await expect(page.getByTestId("price-nawat")).toHaveText(l.price);
      await expect(page.getByTestId("price-sanam")).toHaveText(l.sanam);

      const modal = page.getByTestId("product-modal");
      // 1. the close button
      await page.getByRole("button", { name: l.open }).click();
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId("modal-price")).toHaveText(l.price);
      await expect(modal).toContainText(l.contents);
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await scrollLocked(page)).toBe(true);
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await modal.getByRole("button", { name: l.close, exact: true }).click();
      await expect(modal).toHaveCount(0);
      expect(await scrollLocked(page)).toBe(false);

      // 2. Escape
      await page.getByRole("button", { name: l.open }).click();
      await expect(modal).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(modal).toHaveCount(0);

      // 3. the backdrop
      await page.getByRole("button", { name: l.open }).click();
      await expect(modal).toBeVisible();
      await page.mouse.click(4, 4);
      await expect(modal).toHaveCount(0);
      expect(await scrollLocked(page)).toBe(false);
    });

    test("modal buttons and the cart icon lead to checkout and the proposal", async ({ page }) => {
      await openHome(page, l.root);
      await expect(page.getByTestId("cart-nawat")).toHaveAttribute("href", `${l.prefix}/checkout?product=nawat`);
      await expect(page.getByTestId("cart-sanam")).toHaveAttribute("href", `${l.prefix}/checkout?product=sanam`);
      await page.getByRole("button", { name: l.open }).click();
      const modal = page.getByTestId("product-modal");
      await expect(modal.getByTestId("modal-buy")).toHaveAttribute("href", `${l.prefix}/checkout?product=nawat`);
      await expect(modal.getByTestId("modal-proposal")).toHaveAttribute("href", `${l.prefix}/proposal?product=nawat`);
      await modal.getByTestId("modal-proposal").click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/proposal\\?product=nawat$`));
      await expect.poll(() => scrollLocked(page)).toBe(false);
    });

    test("zoom goes 1 → 1.5 → 2.25 → 3.375 → 4 and pans only when zoomed", async ({ page }) => {
      await openHome(page, l.root);
      const zoom = page.getByRole("button", { name: l.zoom });
      await revealed(zoom);
      await zoom.click();
      const image = page.getByTestId("zoom-image");
      const percent = page.getByTestId("zoom-percent");
      await expect(image).toHaveAttribute("data-scale", "1");
      const frame = page.getByTestId("zoom-frame");
      const box = (await frame.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;

      // No pan at 1x.
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 80, cy + 60, { steps: 5 });
      await page.mouse.up();
      await expect(image).toHaveAttribute("data-pan", "0,0");

      const steps = ["1.5", "2.25", "3.375", "4"];
      const shown = l.lang === "en" ? ["150%", "225%", "338%", "400%"] : ["١٥٠٪", "٢٢٥٪", "٣٣٨٪", "٤٠٠٪"];
      for (const [i, step] of steps.entries()) {
        await page.getByRole("button", { name: l.zoomIn, exact: true }).click();
        await expect(image).toHaveAttribute("data-scale", step);
        await expect(percent).toHaveText(shown[i]!);
      }
      await expect(page.getByRole("button", { name: l.zoomIn, exact: true })).toBeDisabled();

      // Drag pans when zoomed.
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 80, cy + 60, { steps: 5 });
      await page.mouse.up();
      await expect(image).not.toHaveAttribute("data-pan", "0,0");

      // The wheel zooms out; back at 1x the pan resets.
      for (let i = 0; i < 4; i++) {
        await page.mouse.move(cx, cy);
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(100);
      }
      await expect(image).toHaveAttribute("data-scale", "1");
      await expect(image).toHaveAttribute("data-pan", "0,0");
      await page.mouse.wheel(0, -200);
      await expect(image).toHaveAttribute("data-scale", "1.5");
      await page.getByRole("button", { name: l.zoomOut, exact: true }).click();
      await expect(image).toHaveAttribute("data-scale", "1");

      await page.keyboard.press("Escape");
      await expect(page.getByTestId("zoom-viewer")).toHaveCount(0);
    });

    test("the info-card appears on hover and on keyboard focus", async ({ page }) => {
      await openHome(page, l.root);
      const info = page.getByTestId("info-nawat");
      await page.getByTestId("card-nawat").scrollIntoViewIfNeeded();
      await expect(info).toHaveCSS("opacity", "0");
      await page.getByTestId("card-nawat").hover();
      await expect(info).toHaveCSS("opacity", "1");
      await page.mouse.move(0, 0);
      await expect(info).toHaveCSS("opacity", "0");
      await page.getByRole("button", { name: l.open }).focus();
      await expect(info).toHaveCSS("opacity", "1");
    });

    test("the slideshow waits for its media, then cycles every 4 s; dots jump", async ({ page }) => {
      await openHome(page, l.root);
      await page.locator("#behind").scrollIntoViewIfNeeded();
      const show = page.getByTestId("slideshow");
      await expect(show).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
      await expect(show).toHaveAttribute("data-index", "0");
      const started = Date.now();
      await expect(show).toHaveAttribute("data-index", "1", { timeout: 6_000 });
      expect(Date.now() - started).toBeGreaterThan(2_500);
      await expect(show).toHaveAttribute("data-index", "2", { timeout: 6_000 });
      await expect(show).toHaveAttribute("data-index", "0", { timeout: 6_000 });
      await page.getByTestId("dot-2").click();
      await expect(show).toHaveAttribute("data-index", "2");
    });

    test("hero and closing buttons lead to the right pages", async ({ page }) => {
      await openHome(page, l.root);
      await expect(page.getByTestId("hero-explore")).toHaveAttribute("href", `${l.prefix}/products`);
      await expect(page.getByTestId("hero-story")).toHaveAttribute("href", `${l.prefix}/about`);
      await expect(page.getByTestId("final-services")).toHaveAttribute("href", `${l.prefix}/services`);
      await expect(page.getByTestId("final-contact")).toHaveAttribute("href", `${l.prefix}/contact`);
      await page.getByTestId("hero-explore").click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/products$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  });
}
