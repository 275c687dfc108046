import { devices, type Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForApp } from "./fixtures.ts";

/** Products, sustainability and about (issue 3), and what all four showcase pages share. */
const pages = ["/", "/products", "/sustainability", "/about"] as const;
const both = pages.flatMap((p) => [p, p === "/" ? "/ar" : `/ar${p}`]);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

/** Scrolls to the bottom in steps, so every reveal and lazy part gets its turn. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(80);
  }
}

for (const path of both) {
  test(`${path}: no serious or critical accessibility violations, top and bottom`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, path);
    await expectAccessible(page);
    await scrollThrough(page);
    await page.waitForTimeout(500);
    await expectAccessible(page);
    // Nothing pushes the page sideways (sliding reveals start outside their box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
}

for (const path of both.filter((p) => p.startsWith("/ar"))) {
  test(`${path}: no untranslated English sentences`, async ({ page }) => {
    await open(page, path);
    await scrollThrough(page);
    // Text marked lang="en" (the "View the site in English" toggle) is meant to be English.
    const texts = await page.evaluate(() => {
      const found = [document.title];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('[lang="en"], script, style')) found.push(node.textContent ?? "");
      }
      for (const el of document.querySelectorAll("[alt], [aria-label], [title], meta[name=description]")) {
        if (el.closest('[lang="en"]')) continue;
        for (const name of ["alt", "aria-label", "title", "content"]) {
          const value = el.getAttribute(name);
          if (value) found.push(value);
        }
      }
      return found;
    });
    // Three or more Latin words in a row make an English phrase; brand names and codes are single words.
    const english = texts.flatMap((text) => text.match(/[A-Za-z][A-Za-z']+(?:[ ,:-]+[A-Za-z][A-Za-z']+){2,}/g) ?? []);
    expect(english).toEqual([]);
  });
}

test.describe("products", () => {
  for (const prefix of ["", "/ar"]) {
    test(`${prefix || "/"}: hero parallax zooms on scroll, Buy Now, wishlist and clips`, async ({ page }) => {
      await open(page, `${prefix}/products`);
      // The film far below the fold has not fetched its poster yet.
      await expect(page.getByTestId("bts-film")).not.toHaveAttribute("poster", /./);
      await expect(page.getByText(prefix ? "المجموعة الفاخرة" : "Luxury Collection")).toBeVisible();
      await expect(page.getByText(prefix ? "صُنع يدويًا بإتقان." : "Handcrafted with precision.")).toBeVisible();
      const hero = page.getByTestId("products-hero").locator("[data-parallax]");
      await expect(hero).toHaveAttribute("data-parallax", "on");
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => hero.evaluate((el) => getComputedStyle(el).transform)).not.toBe("none");
      const matrix = await hero.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform));
      expect(matrix.a).toBeGreaterThan(1);
      expect(matrix.a).toBeLessThanOrEqual(1.05);
      expect(matrix.f).toBeGreaterThan(0);
      expect(matrix.f).toBeLessThanOrEqual(30);

      await expect(page.getByTestId("buy-now")).toHaveAttribute("href", `${prefix}/checkout?product=nawat`);
      const wish = page.getByTestId("wishlist");
      await wish.click();
      await expect(wish).toHaveAttribute("aria-pressed", "true");
      expect(await page.evaluate(() => localStorage.getItem("wishlist"))).toBe('["nawat"]');
      await page.reload();
      await waitForApp(page);
      await expect(page.getByTestId("wishlist")).toHaveAttribute("aria-pressed", "true");

      const making = page.getByTestId("making-of");
      await making.scrollIntoViewIfNeeded();
      await expect(page.getByTestId("bts-film")).toHaveAttribute(
        "poster",
        /^\/api\/image\/showcase-loop-poster-\d+\.webp/,
      );
      await expect(making).toContainText(prefix ? "٧-١٠" : "7-10");
      await making.getByRole("button").nth(2).click();
      await expect(page.getByTestId("bts-film")).toHaveAttribute("data-clip", "1");
      await expect
        .poll(() => page.getByTestId("bts-film").evaluate((v: HTMLVideoElement) => v.currentSrc))
        .toContain("hero-loop");
    });
  }
});

test.describe("sustainability", () => {
  test("Discover More fades in after a second; parallax runs on desktop", async ({ page }) => {
    await open(page, "/sustainability");
    const hint = page.getByTestId("discover-more");
    await expect(hint).toBeVisible();
    await expect(page.getByTestId("parallax")).toHaveAttribute("data-parallax", "on");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect
      .poll(() => page.getByTestId("parallax").evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).f))
      .toBeCloseTo(90, 0);
  });

  test("the scroll hint is hidden for the first second, then fades in", async ({ page }) => {
    await page.goto("/ar/sustainability");
    await waitForApp(page);
    const wrapper = page.getByTestId("discover-more").locator("..");
    await expect(wrapper).toHaveAttribute("data-reveal", /pending|shown/);
    await expect(wrapper).toHaveAttribute("data-reveal", "shown");
    await expect.poll(() => wrapper.evaluate((el) => getComputedStyle(el).transitionDelay)).toMatch(/^1s/);
  });
});

// A phone's user agent, viewport and touch (the browser stays the configured Chromium).
const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];

test.describe("parallax off on mobile", () => {
  test.use(phone);
  test("on a phone the sustainability hero does not move", async ({ page }) => {
    await open(page, "/sustainability");
    await expect(page.getByTestId("parallax")).toHaveAttribute("data-parallax", "off");
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(300);
    expect(await page.getByTestId("parallax").evaluate((el) => getComputedStyle(el).transform)).toBe("none");
  });
});

test.describe("narrow desktop window", () => {
  test.use({ viewport: { width: 700, height: 900 } });
  test("under 768 px the parallax is off", async ({ page }) => {
    await open(page, "/sustainability");
    await expect(page.getByTestId("parallax")).toHaveAttribute("data-parallax", "off");
  });
});

test.describe("about", () => {
  for (const prefix of ["", "/ar"]) {
    test(`${prefix}/about: every button leads where it says`, async ({ page }) => {
      await open(page, `${prefix}/about`);
      await expect(page.getByTestId("about-products")).toHaveAttribute("href", `${prefix}/products`);
      await expect(page.getByTestId("about-services")).toHaveAttribute("href", `${prefix}/services`);
      await expect(page.getByTestId("team-contact")).toHaveAttribute("href", `${prefix}/contact`);
      await expect(page.getByTestId("team-services")).toHaveAttribute("href", `${prefix}/services`);
      await page.getByTestId("about-products").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/products$`));
    });
  }
});

test.describe("scroll reveal", () => {
  test("below the fold, sections wait hidden and appear once when scrolled to", async ({ page }) => {
    await open(page, "/about");
    // Reveals hide themselves in a task queued after hydration (reveal.tsx, flush): wait for it.
    await expect.poll(() => page.locator("[data-reveal=pending]").count()).toBeGreaterThan(2);
    const first = page.locator("[data-reveal]").first();
    await expect(first).toHaveAttribute("data-reveal", "pending");
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveAttribute("data-reveal", "shown");
    await expect.poll(() => first.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(first).toHaveAttribute("data-reveal", "shown");
  });

  test("slides mirror in Arabic", async ({ page }) => {
    await open(page, "/ar/sustainability");
    const slide = page.locator("[data-reveal=pending]").filter({ has: page.locator("#sustainability-title") });
    const x = await slide.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).e);
    expect(x).toBeGreaterThan(0);
    await open(page, "/sustainability");
    const en = page.locator("[data-reveal=pending]").filter({ has: page.locator("#sustainability-title") });
    expect(await en.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).e)).toBeLessThan(0);
  });

  test("nothing is hidden or moves under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/products");
    await scrollThrough(page);
    expect(await page.locator("[data-reveal]").count()).toBe(0);
    await expect(page.getByTestId("products-hero").locator("[data-parallax]")).toHaveAttribute("data-parallax", "off");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the prerendered pages show all their content", async ({ page, problems }) => {
    // Without JavaScript the browser refuses the module preloads; that is the point of the test.
    problems.allow(/\/assets\/.+\.js csp$/);
    for (const path of both) {
      await page.goto(path);
      const hidden = await page.evaluate(
        () =>
          [...document.querySelectorAll("main h1, main h2, main p")].filter(
            (el) => getComputedStyle(el).opacity === "0",
          ).length,
      );
      expect(hidden, path).toBe(0);
      await expect(page.locator("main h1")).toBeVisible();
    }
  });
});
