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
  /** The main behind-the-scenes film and its four chapters (thumbnails are stills of each step). */
  behindTheScenes: {
    main: { video: "bts-video", thumbnail: "bts-video-poster.jpg", seconds: 94 },
    clips: [
      { thumbnail: "studio-workshop.jpg", seconds: 28 },
      { thumbnail: "bts-1.jpg", seconds: 22 },
      { thumbnail: "bts-2.jpg", seconds: 19 },
      { thumbnail: "craft-detail.jpg", seconds: 25 },
    ],
  },
  sketches: {
    evolution: ["sketch-1.png", "sketch-2.png", "sketch-3.png"],
    technical: "sketch-technical.png",
  },
  craftDays: { min: 7, max: 10 },
  currency: "SAR",
};
