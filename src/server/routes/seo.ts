import type { FastifyPluginAsync } from "fastify";
import { languages, localizePath } from "#shared/lang.ts";
import { sitePages } from "#shared/routes.ts";
import { absoluteUrl } from "#shared/seo.ts";

/** /sitemap.xml lists every indexable page in both languages with its twin; /robots.txt points to it. */
const seo: FastifyPluginAsync<{ siteUrl: string }> = async (app, options) => {
  const url = (path: string) => absoluteUrl(options.siteUrl, path);

  app.get("/sitemap.xml", async (_request, reply) => {
    const entries = sitePages
      .filter((page) => page.indexable)
      .flatMap((page) =>
        languages.map((lang) => {
          const alternates = languages
            .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(localizePath(page.path, alt))}"/>`)
            .join("");
          return `<url><loc>${url(localizePath(page.path, lang))}</loc>${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path)}"/></url>`;
        }),
      );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(xml);
  });

  app.get("/robots.txt", async (_request, reply) => {
    const body = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /ar/admin",
      "",
      `Sitemap: ${url("/sitemap.xml")}`,
      "",
    ].join("\n");
    return reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(body);
  });
};

export default seo;
