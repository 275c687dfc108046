import type { CatalogProductId } from "./catalog.ts";

/**
 * The words of each catalog product in English (spec §3 Product), one record per catalog id; the
 * names are in catalog.ts. Arabic: products.ar.ts, same shape. The home page's cards (`line`,
 * `info`), the about page (`about`, `imageAlt`), the product modal and JSON-LD (`description` and
 * the details), the checkout summary (`summaryAlt`) and the /products teaser of a product that has
 * no showcase page of its own (`teaser`) read them.
 */
const products = {
  nawat: {
    line: "The date bowl that hides the pits",
    info: ["Natural walnut, three nesting parts", "18 × 5 cm", "7-10 days of handwork"],
    about: "The walnut date bowl that hides the pits in a secret base.",
    imageAlt: "Nawat, the walnut date bowl",
    summaryAlt: "The Nawat date bowl in walnut",
    teaser: {
      title: "Nawat: The Date Bowl That Hides the Pits",
      line: "A new way to serve dates in the majlis",
      image: "Nawat, the walnut date bowl, with dates",
    },
    description:
      "A walnut bowl for the majlis that keeps the table clean: dates sit in the upper bowl, the pits slip through into a hidden base, and the lid doubles as a dip bowl for tahini or date syrup.",
    componentsTitle: "What's inside",
    components: ["Dates Bowl", "Pit-Collecting Base", "Cover / Dip Bowl"],
    materialsTitle: "Material",
    materials: "Natural walnut wood, finished with natural oils",
    dimensionsTitle: "Dimensions",
    dimensions: { medium: "Medium: 18 × 5 cm", large: "Large: 24 × 6 cm" },
  },
  sanam: {
    line: "Incense sticks, upside down",
    info: ["Walnut with an ash-catching base", "Burns the stick pointing down", "Made in small batches"],
    about: "The incense holder that burns oud upside down and keeps the ash.",
    imageAlt: "Sanam, the walnut incense holder",
    summaryAlt: "The Sanam incense holder",
    teaser: {
      title: "Sanam Al-Oud: Incense Sticks, Upside Down",
      line: "A new experience in the world of incense and fragrances",
      image: "Sanam, the walnut incense holder, with a stick of oud burning downward",
    },
    description:
      "An incense holder that turns the ritual upside down: the stick burns pointing down and its ash falls quietly into the base, so the scent of oud fills the room and nothing falls on the table.",
    componentsTitle: "",
    components: [],
    materialsTitle: "",
    materials: "",
    dimensionsTitle: "",
    dimensions: { medium: "", large: "" },
  },
} as const satisfies Record<CatalogProductId, unknown>;

export default products;
