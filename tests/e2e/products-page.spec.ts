import productsAr from "#client/pages/products.ar.ts";
import productsEn from "#client/pages/products.en.ts";
import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * /products as the spec's Products section has it (issue 37): the headline "Handcrafted in the
 * Heart of Riyadh, to the Whole World" with its line, and a second looping video after the
 * making-of section: muted, looping, playing by itself while in view, with a pause button; the
 * workshop film stays.
 */
const languages = [
  {
    lang: "en",
    path: "/products",
    // The spec's words, not the copy file's, so a change of the copy cannot pass unnoticed.
    title: "Handcrafted in the Heart of Riyadh, to the Whole World",
    line: "We honor people, craftsmanship, identity, and meaning.",
    copy: productsEn,
  },
  { lang: "ar", path: "/ar/products", title: productsAr.riyadh.title, line: productsAr.riyadh.line, copy: productsAr },
] as const;

for (const l of languages) {
  test.describe(`/products (${l.lang})`, () => {
    test("the spec's headline and line", async ({ page }) => {
      await page.goto(l.path);
      await waitForApp(page);
      const heading = page.getByRole("heading", { level: 2, name: l.title });
      await expect(heading).toBeVisible();
      await expect(heading.locator("xpath=following-sibling::p[1]")).toHaveText(l.line);
    });

    test("a second looping video: muted, looping, playing in view, with a pause button; the film stays", async ({
      page,
    }) => {
      await page.goto(l.path);
      await waitForApp(page);
      const section = page.getByRole("region", { name: l.copy.loop.video });
      const video = section.locator("video");
      await section.scrollIntoViewIfNeeded();
      await expect(video).toHaveJSProperty("muted", true);
      await expect(video).toHaveJSProperty("loop", true);
      // It plays by itself once in view (no click).
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);

      const toggle = section.getByRole("button", { name: l.copy.loop.pause });
      await toggle.click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await section.getByRole("button", { name: l.copy.loop.play }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
      await expect(section.getByRole("button", { name: l.copy.loop.pause })).toBeVisible();

      // The workshop film (the making-of reel) is still there, before the loop.
      const film = page.getByTestId("bts-film");
      await expect(film).toHaveCount(1);
      const filmTop = await film.evaluate((el) => el.getBoundingClientRect().top);
      const loopTop = await video.evaluate((el) => el.getBoundingClientRect().top);
      expect(filmTop).toBeLessThan(loopTop);
    });
  });
}
