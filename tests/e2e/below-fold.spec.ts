import type { Page } from "@playwright/test";
import homeAr from "#client/pages/home.ar.ts";
import homeEn from "#client/pages/home.en.ts";
import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * Sections below the first screen skip rendering until they near the viewport
 * (`content-visibility: auto`, the `below-fold` utility). Skipped is not gone: find-in-page and
 * copying the whole page reach their text while skipped, and the accessibility tree has it
 * without scrolling once the page has settled (src/client/lib/below-fold.ts).
 */
const languages = [
  { lang: "en", root: "/", text: homeEn.closing.body, heading: homeEn.closing.title },
  { lang: "ar", root: "/ar", text: homeAr.closing.body, heading: homeAr.closing.title },
] as const;

/**
 * The home page with its last section skipped for sure: `content-visibility: auto` set on the
 * element itself (which outlasts the page's own release) and checked through checkVisibility.
 */
async function openWithSkippedSection(page: Page, root: string, text: string) {
  await page.goto(root);
  await waitForApp(page);
  const skipped = await page.evaluate(async (wanted) => {
    const paragraph = [...document.querySelectorAll("section.below-fold p")].find((p) => p.textContent === wanted);
    const section = paragraph?.closest<HTMLElement>("section.below-fold");
    if (!paragraph || !section) throw new Error("no below-fold section holds the text");
    section.style.contentVisibility = "auto";
    window.scrollTo(0, 0);
    // Whether an auto section is skipped is decided at the next rendering update, not at once.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // The section renders as an empty box of its remembered size; what it skips is its contents.
    return !paragraph.checkVisibility({ contentVisibilityAuto: true });
  }, text);
  expect(skipped, "the section's contents are skipped").toBe(true);
}

/** Chromium's own accessibility tree, as assistive technology gets it (not a DOM approximation). */
async function accessibleNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { ignored?: boolean; name?: { value?: unknown } }[];
  };
  await cdp.detach();
  return nodes.filter((node) => !node.ignored).map((node) => String(node.name?.value ?? ""));
}

for (const l of languages) {
  test.describe(`below the fold (${l.lang})`, () => {
    test("find-in-page reaches text in a skipped section", async ({ page }) => {
      await openWithSkippedSection(page, l.root, l.text);
      // window.find is the script face of the browser's find-in-page.
      expect(
        await page.evaluate((text) => (window as unknown as { find: (s: string) => boolean }).find(text), l.text),
      ).toBe(true);
    });

    test("copying the whole page includes text in a skipped section", async ({ page }) => {
      await openWithSkippedSection(page, l.root, l.text);
      await page.locator("body").click({ position: { x: 2, y: 2 } });
      await page.keyboard.press("ControlOrMeta+A");
      const copied = await page.evaluate(() => window.getSelection()?.toString() ?? "");
      expect(copied).toContain(l.text);
    });

    test("the accessibility tree has a below-the-fold section's heading and text without scrolling", async ({
      page,
    }) => {
      await page.goto(l.root);
      await waitForApp(page);
      await expect(page.locator("html")).toHaveAttribute("data-below-fold", "open");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const names = await accessibleNames(page);
      expect(names).toContain(l.heading);
      expect(names.some((name) => name.includes(l.text))).toBe(true);
      await expect(page.getByRole("heading", { name: l.heading, level: 2 })).toHaveCount(1);
    });
  });
}

// A skipped section stands in at a height only: an intrinsic width would also be its min-content
// width, and widen the grid column that holds it (on the checkout, the page beyond a phone's screen).
for (const root of ["/checkout", "/ar/checkout"]) {
  test(`a skipped section does not widen its column on a phone (${root})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(root);
    await waitForApp(page);
    const measured = await page.evaluate(async () => {
      const section = document.querySelector<HTMLElement>('section[aria-labelledby="checkout-payment-title"]');
      if (!section) throw new Error("no payment section");
      // A fresh copy, never rendered: "auto" has no remembered size for it yet, as on a first visit.
      const copy = section.cloneNode(true) as HTMLElement;
      copy.removeAttribute("aria-labelledby");
      copy.style.contentVisibility = "auto";
      section.after(copy);
      window.scrollTo(0, 0);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return {
        skipped: !copy.querySelector("h2")!.checkVisibility({ contentVisibilityAuto: true }),
        sectionWidth: copy.getBoundingClientRect().width,
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      };
    });
    expect(measured.skipped, "the copied section is skipped").toBe(true);
    expect(measured.pageWidth).toBeLessThanOrEqual(measured.viewport);
    expect(measured.sectionWidth).toBeLessThan(measured.viewport);
  });
}
