import { describe, expect, it } from "vitest";
import { catalog } from "#content/catalog.ts";
import { publicConfigSchema } from "#shared/site-config.ts";
import type { Lang } from "#shared/lang.ts";
import type { PageId } from "#shared/routes.ts";
import { arFrame } from "./i18n/ar-frame.ts";
import { enFrame } from "./i18n/en-frame.ts";
import { structuredDataFor as withMessages } from "./structured-data.ts";

type JsonLd = Record<string, unknown> & { name?: string; sku?: string; offers: { price: string; url: string } };

const config = publicConfigSchema.parse({ SITE_URL: "https://studio.example" });
const structuredDataFor = (id: PageId, lang: Lang, c: typeof config) =>
  withMessages(id, lang, c, lang === "ar" ? arFrame : enFrame);

describe("structured data", () => {
  it("describes the studio and every catalog product on the home page, in each language", () => {
    const [org, ...products] = structuredDataFor("home", "en", config) as JsonLd[];
    expect(org).toMatchObject({ "@type": "Organization", name: "Nawat Studio", url: "https://studio.example/" });
    expect(products.map((p) => p.sku)).toEqual(catalog.map((p) => p.id));
    expect(products[0]).toMatchObject({
      "@type": "Product",
      name: "Nawat Date Bowl",
      image: "https://studio.example/api/image/nawat.jpg",
      offers: { price: "422.00", priceCurrency: "SAR" },
    });
    expect(products[1]?.offers.price).toBe("350.00");
    const arabic = structuredDataFor("home", "ar", config) as JsonLd[];
    expect(arabic[0]).toMatchObject({ name: "استوديو نواة", url: "https://studio.example/ar" });
    expect(arabic[1]?.name).toBe("صحن نواة للتمر");
    expect(arabic[1]?.offers.url).toBe("https://studio.example/ar/products");
    expect(arabic[2]?.offers.url).toBe("https://studio.example/ar");
  });
  it("puts the showcase product on the products page and nothing on the others", () => {
    const products = structuredDataFor("products", "en", config) as JsonLd[];
    expect(products.map((p) => p.sku)).toEqual(["nawat"]);
    expect(structuredDataFor("contact", "en", config)).toEqual([]);
  });
});
