import type { Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";

const languages = [
  {
    lang: "en",
    prefix: "",
    dir: "ltr",
    toggle: "AR",
    nav: ["Home", "Products", "Services", "Sustainability", "About", "Contact"],
    notFound: "Page Not Found",
  },
  {
    lang: "ar",
    prefix: "/ar",
    dir: "rtl",
    toggle: "EN",
    nav: ["الرئيسية", "المنتجات", "الخدمات", "الاستدامة", "من نحن", "تواصل معنا"],
    notFound: "الصفحة غير موجودة",
  },
] as const;

/** A page tall enough to scroll, whatever the page's own content is. */
async function makeScrollable(page: Page) {
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "4000px";
    spacer.dataset.testSpacer = "true";
    document.querySelector("main")?.append(spacer);
  });
}

async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 1, y);
  // The header reacts on the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const { lang, prefix } of languages) {
  test(`the first paint is set in the site's own fonts, from the page alone (${lang})`, async ({ page }) => {
    // No script and no stylesheet but what the page carries inline: what a visitor sees first.
    await page.route(/\.(?:js|css)$/, (route) => route.abort("aborted"));
    await page.goto(`${prefix}/`);
    const first = await page.evaluate(async () => {
      await document.fonts.ready;
      const used = (selector: string) => getComputedStyle(document.querySelector(selector)!).fontFamily.split(",")[0]!;
      return {
        body: used("main p"),
        headline: used("h1"),
        faces: [...document.fonts].filter((face) => face.status === "loaded").map((f) => `${f.family} ${f.weight}`),
      };
    });
    const expected =
      lang === "ar"
        ? {
            body: '"IBM Plex Sans Arabic"',
            headline: '"Markazi Text"',
            faces: ["IBM Plex Sans Arabic 300", "Markazi Text 500"],
          }
        : { body: "Manrope", headline: '"Cormorant Garamond"', faces: ["Manrope 300", "Cormorant Garamond 500"] };
    expect(first.body).toBe(expected.body);
    expect(first.headline).toBe(expected.headline);
    // The faces are declared inline and were fetched for the first screen (preloaded), not after a stylesheet.
    for (const face of expected.faces) expect(first.faces).toContain(face);
  });
}

test("a page names one script, the boot script, which loads the page's modules itself and hydrates", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/ar/products")).text();
  const scripts = [...html.matchAll(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)].map((m) => m[0]);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(
    /^<script type="module" src="\/assets\/boot-[0-9a-f]{8}\.js" data-entry="\/assets\/index-[^"]+\.js" data-stylesheet="\/assets\/index-[^"]+-rest-[0-9a-f]{8}\.css" data-preload="[^"]+">$/,
  );
  // The page carries inline only the rules its markup uses: a part of the whole sheet.
  const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  const sheet = /data-stylesheet="([^"]+)"/.exec(html)![1]!;
  const whole = await (await request.get(sheet)).text();
  expect(inline.length).toBeGreaterThan(1000);
  expect(inline.length).toBeLessThan(whole.length * 0.6);
  expect(html).not.toContain('rel="modulepreload"');

  await page.goto("/ar/products");
  await waitForApp(page);
  const loaded = await page.evaluate(() => {
    const boot = document.querySelector<HTMLScriptElement>("script[data-entry]")!;
    const fetched = new Set(performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname));
    const wanted = [boot.dataset.entry!, ...boot.dataset.preload!.split(" ")];
    return {
      missing: wanted.filter((path) => !fetched.has(path)),
      preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
      wanted: wanted.length,
    };
  });
  expect(loaded.missing).toEqual([]);
  expect(loaded.preloads).toBe(loaded.wanted - 1);
  // After the first paint the boot script adds the whole sheet, for what hydration and other pages bring.
  await expect
    .poll(() => page.evaluate((href) => [...document.styleSheets].some((s) => s.href?.endsWith(href)), sheet))
    .toBe(true);
});

for (const l of languages) {
  test.describe(`frame in ${l.lang}`, () => {
    test("the server's HTML already carries lang and dir, and the header shows the six links", async ({
      page,
      request,
    }) => {
      const html = await (await request.get(`${l.prefix || "/"}`)).text();
      expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${l.lang}" dir="${l.dir}">`));

      await page.goto(l.prefix || "/");
      await waitForApp(page);
      await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
      await expect(page.locator("html")).toHaveAttribute("dir", l.dir);
      const nav = page.getByRole("banner").getByRole("navigation");
      await expect(nav.getByRole("link")).toHaveText([...l.nav]);
      await expect(page.getByTestId("language-toggle")).toHaveText(l.toggle);
      await expect(page.getByTestId("account-button")).toHaveAttribute("href", `${l.prefix}/auth`);
    });

    test("the header hides past 80 px down and returns after more than 3 px up", async ({ page }) => {
      await page.goto(`${l.prefix}/contact`);
      await waitForApp(page);
      await makeScrollable(page);
      const header = page.getByTestId("site-header");
      await scrollToY(page, 80);
      await expect(header).toHaveAttribute("data-visible", "true");
      await scrollToY(page, 400);
      await expect(header).toHaveAttribute("data-visible", "false");
      await scrollToY(page, 397);
      await expect(header).toHaveAttribute("data-visible", "false");
      await scrollToY(page, 396);
      await expect(header).toHaveAttribute("data-visible", "true");
      await scrollToY(page, 600);
      await expect(header).toHaveAttribute("data-visible", "false");
      await scrollToY(page, 10);
      await expect(header).toHaveAttribute("data-visible", "true");
      await expect(header).toBeInViewport();
    });

    test("scroll-to-top appears after 300 px and takes the visitor up", async ({ page }) => {
      await page.goto(`${l.prefix}/contact`);
      await waitForApp(page);
      await makeScrollable(page);
      await scrollToY(page, 300);
      await expect(page.getByTestId("scroll-to-top")).toHaveCount(0);
      await scrollToY(page, 900);
      await page.getByTestId("scroll-to-top").click();
      await page.waitForFunction(() => window.scrollY === 0);
      await expect(page.getByTestId("scroll-to-top")).toHaveCount(0);
    });

    test("navigating to another page starts at the top", async ({ page }) => {
      await page.goto(`${l.prefix}/contact`);
      await waitForApp(page);
      await makeScrollable(page);
      await scrollToY(page, 1500);
      await page.getByTestId("site-footer").getByRole("link", { name: l.nav[2] }).click();
      await expect(page).toHaveURL(`${l.prefix}/services`);
      await page.waitForFunction(() => window.scrollY === 0);
    });

    test("the footer carries the studio's details", async ({ page }) => {
      await page.goto(l.prefix || "/");
      await waitForApp(page);
      const footer = page.getByTestId("site-footer");
      await expect(footer.getByRole("link", { name: /instagram|إنستغرام/i })).toHaveAttribute("href", /instagram\.com/);
      await expect(footer.getByRole("link", { name: /tiktok|تيك توك/i })).toHaveAttribute("href", /tiktok\.com/);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(footer).toContainText(l.lang === "en" ? "Riyadh, Saudi Arabia" : "الرياض، المملكة العربية السعودية");
      await expect(footer).toContainText(l.lang === "en" ? "2025" : "٢٠٢٥");
    });

    test("unknown paths show the 404 page with status 404 and a developer hint", async ({ page, problems }) => {
      problems.allow(/^404 .*\/no-such-place$/);
      problems.allow(/^Failed to load resource: the server responded with a status of 404/);
      const response = await page.goto(`${l.prefix}/no-such-place`);
      expect(response?.status()).toBe(404);
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.notFound);
      await expect(page.getByTestId("not-found-hint")).toContainText(`GET ${l.prefix}/no-such-place`);
      await expect(page.locator("html")).toHaveAttribute("dir", l.dir);
    });

    test("F8 moves focus to the notifications region", async ({ page }) => {
      await page.goto(l.prefix || "/");
      await waitForApp(page);
      await page.keyboard.press("F8");
      await expect(page.getByTestId("toast-viewport")).toBeFocused();
    });

    test("the sign-in page has no header or footer", async ({ page }) => {
      await page.goto(`${l.prefix}/auth`);
      await waitForApp(page);
      await expect(page.getByTestId("site-header")).toHaveCount(0);
      await expect(page.getByTestId("site-footer")).toHaveCount(0);
    });
  });
}

test("the toggle goes to the twin page, switches lang and dir, fires resize and is remembered", async ({
  page,
  context,
}) => {
  await page.goto("/products");
  await waitForApp(page);
  await page.evaluate(() => {
    (window as unknown as { resized: number }).resized = 0;
    window.addEventListener("resize", () => (window as unknown as { resized: number }).resized++);
  });
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL("/ar/products");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("language-toggle")).toHaveText("EN");
  expect(await page.evaluate(() => (window as unknown as { resized: number }).resized)).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ar");
  expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("ar");

  // A later visit to the home page opens in Arabic.
  await page.goto("/");
  await expect(page).toHaveURL("/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  await waitForApp(page);
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL("/");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await page.goto("/");
  await expect(page).toHaveURL("/");
});

test("each page has its own title and the Arabic twin is linked", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle(/About/);
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", /\/ar\/about$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
  await waitForApp(page);
  await page.getByTestId("site-footer").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveTitle(/Contact/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contact$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const l of languages) {
    test(`the menu button opens a full-screen overlay with the links (${l.lang})`, async ({ page }) => {
      await page.goto(l.prefix || "/");
      await waitForApp(page);
      await expect(page.getByRole("banner").getByRole("navigation")).toBeHidden();
      await page.getByTestId("mobile-menu-button").click();
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeVisible();
      const box = await menu.boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
      await expect(menu.getByRole("navigation").getByRole("link")).toHaveText([...l.nav]);
      await menu.getByRole("link", { name: l.nav[4] }).click();
      await expect(page).toHaveURL(`${l.prefix}/about`);
      await expect(menu).toBeHidden();
    });
  }
});
