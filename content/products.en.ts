/** The two products in English (spec §3 Product). Arabic: products.ar.ts, same shape. */
export default {
  nawat: {
    name: "Nawat Date Bowl",
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
    name: "Sanam Incense Holder",
    description:
      "An incense holder that turns the ritual upside down: the stick burns pointing down and its ash falls quietly into the base, so the scent of oud fills the room and nothing falls on the table.",
    componentsTitle: "",
    components: [],
    materialsTitle: "",
    materials: "",
    dimensionsTitle: "",
    dimensions: { medium: "", large: "" },
  },
} as const;
