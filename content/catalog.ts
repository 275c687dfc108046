/**
 * The studio's products and their prices: the server seeds its catalog from this list (DESIGN
 * D8) and the prerendered pages show the same figures. Money is integer halalas.
 */
export const catalog = [
  { id: "nawat", name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر", priceHalalas: 42_200, sortOrder: 1 },
  { id: "sanam", name: "Sanam Incense Holder", nameAr: "مبخرة سنام", priceHalalas: 35_000, sortOrder: 2 },
] as const;

export type CatalogProductId = (typeof catalog)[number]["id"];

/** The product a checkout or a proposal opens with when the link names none: the catalog's first. */
export const defaultProductId: CatalogProductId = catalog[0].id;
