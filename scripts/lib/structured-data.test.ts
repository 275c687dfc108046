import { describe, expect, it } from "vitest";
import { publicConfigSchema } from "#shared/site-config.ts";
import { structuredDataFor } from "./structured-data.ts";

type JsonLd = Record<string, unknown> & { name?: string; offers: { price: string; url: string } };

const config = publicConfigSchema.parse({ SITE_URL: "https://studio.example" });

describe("structured data", () => {
  it("describes the studio and both products on the home page, in each language", () => {
    const [org, nawat, sanam] = structuredDataFor("home", "en", config) as JsonLd[];
    expect(org).toMatchObject({ "@type": "Organization", name: "Nawat Studio", url: "https://studio.example/" });
    expect(nawat).toMatchObject({
      "@type": "Product",
      name: "Nawat Date Bowl",
      offers: { price: "422.00", priceCurrency: "SAR" },
    });
    expect(sanam?.offers.price).toBe("350.00");
    const arabic = structuredDataFor("home", "ar", config) as JsonLd[];
    expect(arabic[0]).toMatchObject({ name: "استوديو نواة", url: "https://studio.example/ar" });
    expect(arabic[1]?.name).toBe("صحن نواة للتمر");
    expect(arabic[1]?.offers.url).toBe("https://studio.example/ar/products");
  });
  it("puts the Product on the products page and nothing on the others", () => {
    expect(structuredDataFor("products", "en", config)).toHaveLength(1);
    expect(structuredDataFor("contact", "en", config)).toEqual([]);
  });
});
