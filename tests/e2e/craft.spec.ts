import { expect, test, waitForApp } from "./fixtures.ts";

/** Issue 13: the showcase's typography, digits, paths and layout, as a visitor meets them. */

const showcasePages = ["/ar", "/ar/products", "/ar/sustainability", "/ar/about"];

test.describe("Arabic typography", () => {
  for (const path of showcasePages) {
    test(`${path}: no synthetic italic or bold, headings in the Arabic display face, and Arabic-Indic digits`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForApp(page);
      // Every section rendered (content-visibility skips nothing from here on).
      await page.evaluate(() => document.documentElement.setAttribute("data-below-fold", "open"));
      const report = await page.evaluate(() => {
        const arabic = /[\u0600-\u06ff]/;
        const italic: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>("main *, header *, footer *")) {
          const own = [...element.childNodes].some((n) => n.nodeType === 3 && arabic.test(n.textContent ?? ""));
          if (own && getComputedStyle(element).fontStyle !== "normal") italic.push(element.textContent!.slice(0, 40));
        }
        const headings = [...document.querySelectorAll<HTMLElement>("main h1, main h2")].filter((h) =>
          arabic.test(h.textContent ?? ""),
        );
        // Latin digits in visible text, outside isolated left-to-right runs (e-mails, URLs, phones).
        const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
        const latinDigits: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement!;
          if (parent.closest('[dir="ltr"], script, style, .sr-only, [aria-hidden="true"] svg')) continue;
          if (/[0-9]/.test(node.textContent ?? "")) latinDigits.push(node.textContent!.trim().slice(0, 40));
        }
        return {
          synthesis: getComputedStyle(document.documentElement).fontSynthesis,
          italic,
          headingFonts: [
            ...new Set(headings.map((h) => getComputedStyle(h).fontFamily.split(",")[0]!.replace(/"/g, ""))),
          ],
          headingLineHeights: headings.map((h) => {
            const style = getComputedStyle(h);
            return parseFloat(style.lineHeight) / parseFloat(style.fontSize);
          }),
          latinDigits,
        };
      });
      expect(report.synthesis).toMatch(/none/);
      expect(report.italic).toEqual([]);
      expect(report.headingFonts.length).toBeGreaterThan(0);
      // The display headings use the Arabic display face; plain section headings may use the text face.
      expect(report.headingFonts).toContain("Markazi Text");
      for (const ratio of report.headingLineHeights) expect(ratio).toBeGreaterThanOrEqual(1.3);
      expect(report.latinDigits).toEqual([]);
    });
  }

  test("no Arabic text under 14 px, nor lighter than regular under 16 px", async ({ page }) => {
    for (const path of showcasePages) {
      await page.goto(path);
      await waitForApp(page);
      await page.evaluate(() => document.documentElement.setAttribute("data-below-fold", "open"));
      const small = await page.evaluate(() => {
        const arabic = /[\u0600-\u06ff]/;
        const found: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>("body *")) {
          const own = [...element.childNodes].some((n) => n.nodeType === 3 && arabic.test(n.textContent ?? ""));
          if (!own || element.closest(".sr-only")) continue;
          const style = getComputedStyle(element);
          const size = parseFloat(style.fontSize);
          if (size < 14 || (size < 16 && Number(style.fontWeight) < 400))
            found.push(`${size}px/${style.fontWeight}: ${element.textContent!.trim().slice(0, 30)}`);
        }
        return found;
      });
      expect(small, path).toEqual([]);
    }
  });
});

for (const l of [
  { prefix: "", buy: "Buy Now", fontTool: "Font Recognition", wishlist: "Wishlist" },
  { prefix: "/ar", buy: "اشترِ الآن", fontTool: "التعرّف على الخطوط", wishlist: "المفضلة" },
] as const) {
  test.describe(`paths (${l.prefix || "/"})`, () => {
    test("on a phone, /products shows the price and Buy Now in the first screen, then a compact buy bar", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${l.prefix}/products`);
      await waitForApp(page);
      const buy = page.getByTestId("hero-buy-now");
      await expect(buy).toHaveText(l.buy);
      for (const element of [buy, page.getByTestId("hero-price")]) {
        const box = (await element.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(844);
      }
      await expect(page.getByTestId("hero-price")).toContainText(l.prefix ? "٤٢٢" : "422");
      await expect(page.getByTestId("buy-bar")).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect(page.getByTestId("buy-bar")).toBeVisible();
      await expect(page.getByTestId("bar-buy-now")).toHaveAttribute("href", `${l.prefix}/checkout?product=nawat`);
    });

    test("the Sanam teaser links to ordering it, and the font tool is in the footer", async ({ page }) => {
      await page.goto(`${l.prefix}/products`);
      await waitForApp(page);
      await expect(page.getByTestId("sanam-order")).toHaveAttribute("href", `${l.prefix}/checkout?product=sanam`);
      const footerLink = page.getByTestId("site-footer").getByRole("link", { name: l.fontTool });
      await expect(footerLink).toHaveAttribute("href", `${l.prefix}/font-recognition`);
    });

    test("a wished piece shows on the wishlist page, reached from the header", async ({ page }) => {
      await page.goto(`${l.prefix}/products`);
      await waitForApp(page);
      await page.getByTestId("wishlist").click();
      await expect(page.getByTestId("wishlist")).toHaveAttribute("aria-pressed", "true");
      // The header hides once the page has scrolled (spec §9): back to the top, where it shows.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId("wishlist-link").click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/wishlist$`));
      const list = page.getByTestId("wishlist-list");
      await expect(list).toBeVisible();
      await expect(list.getByRole("link", { name: new RegExp(l.prefix ? "نواة" : "Nawat") })).toHaveAttribute(
        "href",
        `${l.prefix}/checkout?product=nawat`,
      );
      await expect(page.getByTestId("wishlist-link")).toHaveAttribute("aria-label", l.wishlist);
    });
  });
}

test("the mobile menu marks the current page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/about");
  await waitForApp(page);
  await page.getByTestId("mobile-menu-button").click();
  const current = page.getByTestId("mobile-menu").locator('[aria-current="page"]');
  await expect(current).toHaveText("من نحن");
  await expect(current).toHaveCSS("color", "rgb(1, 213, 145)");
});

test("the page height stays put while below-the-fold sections render", async ({ page }) => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of ["/", "/ar/products"]) {
      await page.goto(path);
      await waitForApp(page);
      const before = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.evaluate(() => document.documentElement.setAttribute("data-below-fold", "open"));
      const after = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(Math.abs(before - after), `${path} at ${width}`).toBeLessThan(250);
    }
  }
});
