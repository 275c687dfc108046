/**
 * The studio itself as data: its name in both languages, as the site, e-mails, documents and the
 * payment providers' pages show it. Code never spells the name out; it reads it from here, so the
 * studio (or a fork of the site) changes it in one place.
 */
export const studio = {
  name: { en: "Nawat Studio", ar: "استوديو نواة" },
  /** The default registered name on tax invoices (SELLER_LEGAL_NAME overrides it). */
  legalName: "Nawat Studio for Product Design",
  /** Its Arabic twin (SELLER_LEGAL_NAME_AR overrides it). */
  legalNameAr: "استوديو نواة لتصميم المنتجات",
  /** The domain the placeholders of the studio's contact settings use (STUDIO_EMAIL, social links). */
  domain: "nawat.studio",
} as const;
