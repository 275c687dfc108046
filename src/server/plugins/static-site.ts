import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { langCookie, splitLangPath, localizePath, type Lang } from "#shared/lang.ts";
import { redirects } from "#shared/routes.ts";

type Page = { body: Buffer; etag: string };

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the prerendered 404 page in the request's language, with status 404. */
    sendNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await htmlFiles(path)));
    else if (entry.name.endsWith(".html")) found.push(path);
  }
  return found;
}

/**
 * Serves the built site (DESIGN D3, D12): hashed assets cached for a year, prerendered HTML kept
 * in memory and revalidated on every visit (ETag), the 404 page with status 404, `/shop` and
 * trailing slashes redirected, and the remembered language honoured on the home page.
 */
export default fp<{ root: string }>(
  async (app, options) => {
    const root = resolve(options.root);
    const pages = new Map<string, Page>();
    if (!existsSync(join(root, "index.html"))) {
      app.log.warn({ root }, "no built site found: run `npm run build`; serving the API only");
    } else {
      for (const file of await htmlFiles(root)) {
        const body = await readFile(file);
        const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        pages.set(rel.replace(/\/?index\.html$/, "") || "/", { body, etag });
      }
    }

    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: false,
      index: false,
      etag: true,
      lastModified: false,
      allowedPath: (pathname) => !pathname.endsWith(".html"),
      setHeaders: (res, path) => {
        const hashed = path.includes(`${sep}assets${sep}`);
        res.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });

    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number, lang: Lang) => {
      reply
        .code(status)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .header("Content-Language", lang)
        .header("ETag", page.etag);
      if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.code(304).send();
      return reply.send(page.body);
    };

    app.decorate("sendNotFoundPage", (request: FastifyRequest, reply: FastifyReply) => {
      const { lang } = splitLangPath(request.url.split("?")[0] ?? "/");
      const page = pages.get(lang === "ar" ? "/ar/404.html" : "/404.html");
      if (!page) return reply.code(404).type("text/plain; charset=utf-8").send("Page Not Found");
      return sendPage(request, reply, page, 404, lang);
    });

    app.get("/*", async (request, reply) => {
      const [pathname = "/", query] = request.url.split("?");
      const search = query ? `?${query}` : "";
      if (pathname.length > 1 && pathname.endsWith("/")) {
        return reply.redirect(`${pathname.replace(/\/+$/, "")}${search}`, 301);
      }
      const { lang, path } = splitLangPath(pathname);
      const moved = redirects[path];
      if (moved) return reply.redirect(`${localizePath(moved, lang)}${search}`, 301);

      // The home page opens in the language the visitor chose last time.
      if (path === "/") {
        reply.header("Vary", "Cookie");
        const remembered = request.cookies[langCookie];
        if ((remembered === "ar" || remembered === "en") && remembered !== lang) {
          return reply.redirect(`${localizePath("/", remembered)}${search}`, 302);
        }
      }

      const page = pages.get(pathname);
      if (!page) return app.sendNotFoundPage(request, reply);
      return sendPage(request, reply, page, 200, lang);
    });
  },
  { name: "static-site", dependencies: ["@fastify/cookie"] },
);
