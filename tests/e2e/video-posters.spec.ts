import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * Every video has a poster: the looping videos take the file their <picture> already loaded, so
 * the poster costs no second download; the showcase film sets its own near the viewport.
 */
for (const root of ["/", "/ar"]) {
  test(`the home hero video's poster is the image already on screen (${root})`, async ({ page }) => {
    const images: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/image/hero-loop-poster")) images.push(request.url());
    });
    await page.goto(root);
    await waitForApp(page);
    const hero = page.locator("section").first();
    const video = hero.locator("video");
    await expect(video).toHaveAttribute("poster", /\/api\/image\/hero-loop-poster-\d+\.(avif|webp)/);
    const shown = await hero.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(await video.getAttribute("poster")).toBe(shown);
    expect(images, "the poster is downloaded once").toHaveLength(1);
  });
}

test("the products page's looping video gets its poster once its picture loads", async ({ page }) => {
  await page.goto("/products");
  await waitForApp(page);
  // The showcase loop (the heritage section shows a still since issue 13).
  const loops = page.locator("video[aria-hidden='true']");
  await expect(loops).toHaveCount(1);
  for (const video of await loops.all()) {
    await video.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute("poster", /\/api\/image\/[a-z-]+-poster-\d+\.(avif|webp)/);
  }
});
