import { absoluteUrl } from "#shared/seo.ts";
import { localizePath, type Lang } from "#shared/lang.ts";
import type { PageId } from "#shared/routes.ts";
import type { PublicConfig } from "#shared/site-config.ts";
import { catalog, productName, type CatalogProductId } from "#content/catalog.ts";
import productsEn from "#content/products.en.ts";
import productsAr from "#content/products.ar.ts";
import { showcase } from "#content/showcase.ts";

/**
 * schema.org data for a page (DESIGN D3), in the page's language: the studio (Organization) on
 * the home and about pages, and the products (Product with an Offer at the catalog price) on the
 * home page, where every catalog product is sold, and the products page, which shows the showcase
 * product. The prerender takes it from the SSR bundle, so it describes the catalog that bundle was
 * built from; `messages` is the page language's frame catalog (the studio's name and description).
 */
export function structuredDataFor(
  id: PageId,
  lang: Lang,
  config: PublicConfig,
  messages: { brand: { name: string }; footer: { description: string } },
): object[] {
  const url = (path: string) => absoluteUrl(config.SITE_URL, localizePath(path, lang));
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": absoluteUrl(config.SITE_URL, "/#organization"),
    name: messages.brand.name,
    description: messages.footer.description,
    url: url("/"),
    logo: absoluteUrl(config.SITE_URL, "/api/image/logo.svg"),
    image: absoluteUrl(config.SITE_URL, "/api/image/og-image.jpg"),
    email: config.STUDIO_EMAIL,
    telephone: config.STUDIO_PHONE,
    address: { "@type": "PostalAddress", addressLocality: lang === "ar" ? "الرياض" : "Riyadh", addressCountry: "SA" },
    sameAs: [config.INSTAGRAM_URL, config.TIKTOK_URL],
  };
  const words = lang === "ar" ? productsAr : productsEn;
  const product = (item: (typeof catalog)[number]) => {
    const productId: CatalogProductId = item.id;
    return {
      "@context": "https://schema.org",
      "@type": "Product",
      "@id": absoluteUrl(config.SITE_URL, `/products#${productId}`),
      name: productName(productId, lang),
      description: words[productId].description,
      image: absoluteUrl(config.SITE_URL, `/api/image/${item.media.image}`),
      sku: productId,
      brand: { "@type": "Brand", name: messages.brand.name },
      ...(words[productId].materials ? { material: words[productId].materials } : {}),
      offers: {
        "@type": "Offer",
        price: (item.priceHalalas / 100).toFixed(2),
        priceCurrency: "SAR",
        availability: "https://schema.org/InStock",
        url: url(productId === showcase.id ? "/products" : "/"),
        seller: { "@id": organization["@id"] },
      },
    };
  };
  switch (id) {
    case "home":
      return [organization, ...catalog.map(product)];
    case "about":
      return [organization];
    case "products":
      return catalog.filter((item) => item.id === showcase.id).map(product);
    default:
      return [];
  }
}
