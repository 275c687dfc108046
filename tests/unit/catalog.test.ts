import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalog, catalogProductIds, defaultProductId } from "#content/catalog.ts";
import manifest from "#content/media-manifest.json" with { type: "json" };
import productsAr from "#content/products.ar.ts";
import productsEn from "#content/products.en.ts";
import { showcase } from "#content/showcase.ts";
import { productCategory } from "#server/modules/admin/product-categories.ts";
import { createIntentSchema } from "#shared/schemas/checkout.ts";
import { PRODUCT_INTERESTS } from "#shared/schemas/proposal-request.ts";

/**
 * Issue 34: content/ is the one source of products. Every catalog entry has its words in both
 * languages and its pictures in media/, and what the site derives from the catalog follows it.
 */
describe("the catalog (content/catalog.ts)", () => {
  const ids = catalog.map((product) => product.id);

  it("gives every product its words in English and Arabic, and nothing else", () => {
    expect(Object.keys(productsEn).sort()).toEqual([...ids].sort());
    expect(Object.keys(productsAr).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(productsAr[id].description, id).toMatch(/[\u0600-\u06FF]/);
      expect(productsEn[id].teaser.title, id).not.toBe("");
    }
  });

  it("names pictures that are in media/ and in the media manifest", () => {
    const names = catalog.flatMap((product) => Object.values(product.media));
    for (const name of names) {
      expect(existsSync(new URL(`../../media/${name}`, import.meta.url)), name).toBe(true);
      expect(Object.keys(manifest), name).toContain(name);
    }
  });

  it("has unique ids and sort orders, and opens with its first product", () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(catalog.map((product) => product.sortOrder)).size).toBe(ids.length);
    expect(defaultProductId).toBe(ids[0]);
    expect(ids).toContain(showcase.id);
  });

  it("is what create-intent and the proposal wizard accept", () => {
    expect(catalogProductIds).toEqual(ids);
    expect(PRODUCT_INTERESTS).toEqual([...ids, "custom"]);
    const body = {
      name: "Noura",
      email: "noura@example.sa",
      phone: "0551234567",
      address: { city: "Riyadh", district: "Al Olaya", street: "King Fahd Road" },
      paymentMethod: "credit-card",
      quantity: 1,
      amount: "1.00",
      currency: "SAR",
    };
    for (const id of ids) expect(createIntentSchema.safeParse({ ...body, productId: id }).success, id).toBe(true);
    const unknown = createIntentSchema.safeParse({ ...body, productId: "not-a-product" });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual(["checkout.product.invalid"]);
  });

  it("names each product's category on the admin dashboard, in both languages", () => {
    expect(productCategory("nawat", "en")).toBe("Serveware");
    expect(productCategory("sanam", "ar")).toBe("العطور والبخور");
    for (const id of ids) expect(productCategory(id, "ar")).not.toBe(productCategory("unknown", "ar"));
    expect(productCategory("unknown", "en")).toBe("Other");
  });
});
