import artDirection from "#content/art-direction.json" with { type: "json" };
import { expect, test, waitForApp } from "./fixtures.ts";

/**
 * Issue 13, art direction: on /ar the hero picture is mirrored (or, on an upright phone or tablet,
 * a render framed upright is used) so the right-aligned Arabic headline never covers the product,
 * and upright the product stays in frame. The product's box comes from the subject box recorded for each original
 * (content/art-direction.json, written out of the Blender scene), mapped through the picture's
 * object-fit: cover, object-position and mirroring as the browser drew it.
 */

type Box = { left: number; top: number; right: number; bottom: number };

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  // Shorter screens bring the headline up to the product's height: here mirroring is what keeps them apart.
  { name: "desktop", width: 1280, height: 720 },
  { name: "phone", width: 390, height: 844, upright: "hero-portrait" },
  { name: "tablet", width: 820, height: 1180, upright: "hero-tablet" },
  { name: "tablet", width: 1024, height: 1366, upright: "hero-tablet" },
  // A phone turned sideways gets the landscape original (its box is landscape too).
  { name: "phone", width: 844, height: 390 },
];

for (const viewport of viewports) {
  for (const path of ["/ar", "/ar/products"]) {
    test(`${path} at ${viewport.width}x${viewport.height}: the headline does not cover the product`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(path);
      await waitForApp(page);
      const hero = page.locator("main section").first();
      const image = hero.locator("picture img").first();
      await expect(image).toHaveJSProperty("complete", true);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const drawn = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      // Upright, the render framed upright, not a crop of the landscape one; sideways, the landscape one.
      if (viewport.upright) expect(drawn).toContain(`/api/image/${viewport.upright}-`);
      else expect(drawn).not.toMatch(/\/api\/image\/hero-(portrait|tablet)-/);

      const { product, headline } = await image.evaluate(
        (img: HTMLImageElement, boxes) => {
          // The subject box of the original the browser chose (its variants are named after it).
          const chosen = Object.keys(boxes).find((name) =>
            img.currentSrc.includes(`/api/image/${name.replace(/\.[^.]+$/, "")}-`),
          );
          const [a, y0, b, y1] = (chosen ? boxes[chosen] : [NaN, NaN, NaN, NaN]) as [number, number, number, number];
          // Mirrored on right-to-left pages: the box flips too.
          const mirrored = getComputedStyle(img.closest("picture")!).scale.startsWith("-1");
          const [x0, x1] = mirrored ? [1 - b, 1 - a] : [a, b];
          // object-fit: cover at the computed object-position
          const r = img.getBoundingClientRect();
          const scale = Math.max(r.width / img.naturalWidth, r.height / img.naturalHeight);
          const w = img.naturalWidth * scale;
          const h = img.naturalHeight * scale;
          const [px, py] = getComputedStyle(img)
            .objectPosition.split(" ")
            .map((v) => parseFloat(v) / 100) as [number, number];
          const left = r.left + (r.width - w) * px;
          const top = r.top + (r.height - h) * py;
          const product: Box = { left: left + x0 * w, top: top + y0 * h, right: left + x1 * w, bottom: top + y1 * h };
          // The headline's glyphs (the h1 box itself spans the container).
          const range = document.createRange();
          range.selectNodeContents(img.closest("section")!.querySelector("h1")!);
          const t = range.getBoundingClientRect();
          return { product, headline: { left: t.left, top: t.top, right: t.right, bottom: t.bottom } as Box };
        },
        artDirection.subjects as Record<string, number[]>,
      );

      expect(recordedBoxIsSane(product), JSON.stringify(product)).toBe(true);
      const overlaps =
        product.left < headline.right &&
        headline.left < product.right &&
        product.top < headline.bottom &&
        headline.top < product.bottom;
      expect(overlaps, `product ${JSON.stringify(product)} vs headline ${JSON.stringify(headline)}`).toBe(false);
      if (viewport.upright) {
        // The whole product is on screen (a few pixels of the loose dates may touch the edge).
        expect(product.left).toBeGreaterThanOrEqual(-4);
        expect(product.right).toBeLessThanOrEqual(viewport.width + 4);
      }
    });
  }
}

function recordedBoxIsSane(box: Box): boolean {
  return (
    [box.left, box.top, box.right, box.bottom].every(Number.isFinite) && box.right > box.left && box.bottom > box.top
  );
}
