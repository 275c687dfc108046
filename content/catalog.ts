/**
 * The studio's products: the one list every part of the site derives its products from (ids,
 * prices, names, categories, pictures). The server seeds its catalog from it (DESIGN D8), the
 * prerendered pages show the same figures, and the checkout, proposal and admin schemas take their
 * product ids from it. Money is integer halalas.
 *
 * Adding a product is: an entry here, its words in products.en.ts and products.ar.ts (same key),
 * and its pictures in media/ (the file names below).
 */
export type CatalogEntry = {
  id: string;
  /** The full name, as checkout, invoices, e-mails and search engines give it. */
  name: string;
  nameAr: string;
  /** The short name cards, headings and running copy use. */
  shortName: { en: string; ar: string };
  priceHalalas: number;
  sortOrder: number;
  /** What kind of product it is (the admin dashboard's top products). */
  category: { en: string; ar: string };
  /** Originals in media/: the product's picture, the one the zoom viewer opens, the /products teaser's. */
  media: { image: string; zoom: string; teaser: string };
};

export const catalog = [
  {
    id: "nawat",
    name: "Nawat Date Bowl",
    nameAr: "صحن نواة للتمر",
    shortName: { en: "Nawat", ar: "نواة" },
    priceHalalas: 42_200,
    sortOrder: 1,
    category: { en: "Serveware", ar: "أواني التقديم" },
    media: { image: "nawat.jpg", zoom: "nawat-top.jpg", teaser: "nawat.jpg" },
  },
  {
    id: "sanam",
    name: "Sanam Incense Holder",
    nameAr: "مبخرة سنام",
    shortName: { en: "Sanam", ar: "سنام" },
    priceHalalas: 35_000,
    sortOrder: 2,
    category: { en: "Home fragrance", ar: "العطور والبخور" },
    media: { image: "sanam.jpg", zoom: "sanam.jpg", teaser: "sanam-teaser.jpg" },
  },
] as const satisfies readonly CatalogEntry[];

export type CatalogProductId = (typeof catalog)[number]["id"];

/** Every product id, in catalog order (for `z.enum`). */
export const catalogProductIds = catalog.map((product) => product.id) as [CatalogProductId, ...CatalogProductId[]];

/** The product a checkout or a proposal opens with when the link names none: the catalog's first. */
export const defaultProductId: CatalogProductId = catalog[0].id;

/** A product's entry (a typed id always has one). */
export function catalogProduct(id: CatalogProductId): CatalogEntry {
  return catalog.find((product) => product.id === id)!;
}

/** The catalog price in halalas. */
export const priceOf = (id: CatalogProductId): number => catalogProduct(id).priceHalalas;

/** The full name in a language. */
export const productName = (id: CatalogProductId, lang: "en" | "ar"): string =>
  lang === "ar" ? catalogProduct(id).nameAr : catalogProduct(id).name;
