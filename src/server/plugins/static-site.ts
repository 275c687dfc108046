import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { langCookie, splitLangPath, localizePath, type Lang } from "#shared/lang.ts";
import { redirects } from "#shared/routes.ts";
import { etagMatches, pickEncoding, type ContentEncoding } from "../lib/accept-encoding.ts";

type Variant = { body: Buffer; etag: string };
/** A prerendered page as it is sent: the bytes, and their brotli and gzip twins, each with its ETag. */
type Page = Record<ContentEncoding, Variant>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The build's compressed twin beside the file, or one made now (pages of a fixture, a dev build). */
async function twin(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch {
    return make();
  }
}

async function loadPage(file: string): Promise<Page> {
  const body = await readFile(file);
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 20);
  const [br, gz] = await Promise.all([
    twin(`${file}.br`, () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })),
    twin(`${file}.gz`, () => gzipAsync(body, { level: 9 })),
  ]);
  const identity = { body, etag: `"${hash}"` };
  // A twin that is not smaller (a tiny page) is not worth a Content-Encoding.
  return {
    identity,
    br: br.length < body.length ? { body: br, etag: `"${hash}-br"` } : identity,
    gzip: gz.length < body.length ? { body: gz, etag: `"${hash}-gz"` } : identity,
  };
}

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
 * Serves the built site (DESIGN D3, D12): hashed assets cached for a year and sent as the build
 * compressed them (`.br`/`.gz` beside each file), prerendered HTML kept in memory already
 * compressed (brotli, gzip or plain by Accept-Encoding, an ETag per variant) and revalidated on
 * every visit, the 404 page with status 404, `/shop` and trailing slashes redirected, and the
 * remembered language honoured on the home page. No request here compresses anything.
 */
export default fp<{ root: string }>(
  async (app, options) => {
    const root = resolve(options.root);
    const pages = new Map<string, Page>();
    if (!existsSync(join(root, "index.html"))) {
      app.log.warn({ root }, "no built site found: run `npm run build`; serving the API only");
    } else {
      const files = await htmlFiles(root);
      const loaded = await Promise.all(files.map(loadPage));
      for (const [i, file] of files.entries()) {
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        pages.set(rel.replace(/\/?index\.html$/, "") || "/", loaded[i]!);
      }
    }

    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: false,
      index: false,
      etag: true,
      lastModified: false,
      // Sends `x.js.br` or `x.js.gz` when the build wrote it and the client accepts it, with Vary.
      preCompressed: true,
      // Pages are served from memory by the route below; the compressed twins only through their file.
      allowedPath: (pathname) => !/\.(?:html|br|gz)$/.test(pathname),
      setHeaders: (res, path) => {
        const hashed = path.includes(`${sep}assets${sep}`);
        res.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });

    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page, status: number, lang: Lang) => {
      const variant = page[pickEncoding(request.headers["accept-encoding"])];
      const vary = reply.getHeader("Vary");
      reply
        .code(status)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .header("Content-Language", lang)
        .header("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding")
        .header("ETag", variant.etag);
      if (status === 200 && etagMatches(request.headers["if-none-match"], variant.etag)) return reply.code(304).send();
      if (variant !== page.identity) reply.header("Content-Encoding", variant === page.br ? "br" : "gzip");
      return reply.send(variant.body);
    };

    app.decorate("sendNotFoundPage", (request: FastifyRequest, reply: FastifyReply) => {
      const { lang } = splitLangPath(request.url.split("?")[0] ?? "/");
      const page = pages.get(lang === "ar" ? "/ar/404.html" : "/404.html");
      if (!page) return reply.code(404).type("text/plain; charset=utf-8").send("Page Not Found");
      return sendPage(request, reply, page, 404, lang);
    });

    // Pages leave already compressed (or deliberately not): @fastify/compress has nothing to do.
    app.get("/*", { compress: false }, async (request, reply) => {
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
