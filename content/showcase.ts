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
   * Behind the scenes: four clips from the workshop (their real lengths), and the main item,
   * a reel that plays them one after another.
   */
  behindTheScenes: {
    main: { thumbnail: "bts-video-poster.jpg" },
    clips: [
      { video: "bts-video", seconds: 4 },
      { video: "hero-loop", seconds: 5 },
      { video: "showcase-loop", seconds: 5 },
      { video: "heritage-loop", seconds: 6 },
    ],
  },
  sketches: {
    evolution: ["sketch-1.png", "sketch-2.png", "sketch-3.png"],
    technical: "sketch-technical.png",
  },
  craftDays: { min: 7, max: 10 },
  currency: "SAR",
};
