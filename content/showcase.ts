/**
 * The language-neutral half of the studio's product and showcase data (spec §3: Product and
 * Product showcase record): media names, prices, durations. The words live in
 * `products.{en,ar}.ts` and `showcase.{en,ar}.ts`, one module per language.
 */
import { catalog, type CatalogProductId } from "./catalog.ts";

export const productMedia: Record<CatalogProductId, { image: string; zoom: string }> = {
  nawat: { image: "nawat.jpg", zoom: "nawat-top.jpg" },
  sanam: { image: "sanam.jpg", zoom: "sanam.jpg" },
};

export const priceOf = (id: CatalogProductId): number =>
  catalog.find((product) => product.id === id)?.priceHalalas ?? 0;

export const showcase = {
  id: "nawat" as const,
  heroImage: "nawat-hero.jpg",
  galleryImages: ["nawat-top.jpg", "nawat-side.jpg", "nawat-exploded.jpg"],
  /**
   * Behind the scenes: the studio's clips (their real lengths), and the main item, a reel that
   * plays them one after another. The lathe clip and the incense-smoke loop were retired in
   * issue 13 (three frames at 480x270, posterised smoke); a new clip joins here as a file in media/.
   */
  behindTheScenes: {
    main: { thumbnail: "showcase-loop-poster.jpg" },
    clips: [
      { video: "showcase-loop", seconds: 5 },
      { video: "hero-loop", seconds: 5 },
    ],
  },
  sketches: {
    evolution: ["sketch-1.png", "sketch-2.png", "sketch-3.png"],
    technical: "sketch-technical.png",
  },
  craftDays: { min: 7, max: 10 },
  currency: "SAR",
};
