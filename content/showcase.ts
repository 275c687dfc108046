/**
 * The language-neutral half of the showcase record (spec §3 Product showcase record): which
 * catalog product /products shows (the others get a teaser there), its media names and durations.
 * The words live in `showcase.{en,ar}.ts`; the product's price, name and picture in catalog.ts.
 */
import type { CatalogProductId } from "./catalog.ts";

export const showcase = {
  id: "nawat" satisfies CatalogProductId as CatalogProductId,
  /** The page's description for search results and link previews (its title is the product's name). */
  metaDescription: {
    en: "The Nawat date bowl: natural walnut, three parts, a hidden base that gathers the pits. Handcrafted in Riyadh.",
    ar: "صحن نواة للتمر: خشب جوز طبيعي من ثلاث قطع، وقاعدة خفية تجمع النوى. صُنع يدويًا في الرياض.",
  },
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
