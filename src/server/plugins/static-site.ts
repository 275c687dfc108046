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
import { redirectWithinSite } from "../lib/site-redirect.ts";

type Variant = { body: Buffer; etag: string };
/** A page or asset as it is sent: the bytes, and their brotli and gzip twins, each with its ETag. */
type Sendable = Record<ContentEncoding, Variant>;
/** A prerendered page also carries its Content-Security-Policy, which allows its own inline stylesheet. */
type Page = Sendable & { csp?: string };
type Asset = Sendable & { type: string };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The build's compressed twin beside the file, or one made now (`make`), or none. */
async function twin(file: string, make?: () => Promise<Buffer>): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return make?.();
  }
}

/**
 * The CSP source ('sha256-…') of the page's inline stylesheet (the rules it uses, which the
 * build inlines: scripts/prerender.ts), or nothing for a page without one.
 */
function inlineStyleSource(html: Buffer): string | undefined {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html.toString("utf8"))?.[1];
  return css === undefined ? undefined : `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
}

/**
 * A file as it is sent: its bytes and their brotli and gzip twins, each with its ETag. The build
 * writes the twins (scripts/lib/precompress.ts); when they are missing (a test fixture, files
 * copied by hand) text is compressed once, here, never per request.
 */
async function loadFile(file: string, compressMissing: boolean): Promise<Sendable> {
  const body = await readFile(file);
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 20);
  const [br, gz] = await Promise.all([
    twin(
      `${file}.br`,
      compressMissing
        ? () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
        : undefined,
    ),
    twin(`${file}.gz`, compressMissing ? () => gzipAsync(body, { level: 9 }) : undefined),
  ]);
  const identity = { body, etag: `"${hash}"` };
  // A twin that is not smaller (a tiny page) is not worth a Content-Encoding.
  return {
    identity,
    br: br && br.length < body.length ? { body: br, etag: `"${hash}-br"` } : identity,
    gzip: gz && gz.length < body.length ? { body: gz, etag: `"${hash}-gz"` } : identity,
  };
}

const compressibleType = /^text\/|json|svg/;

/** Types of what a Vite build puts under assets/. */
const assetTypes: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  woff2: "font/woff2",
  woff: "font/woff",
  ttf: "font/ttf",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  map: "application/json; charset=utf-8",
  wasm: "application/wasm",
};

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the prerendered 404 page in the request's language, with status 404. */
    sendNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

async function filesUnder(dir: string, accept: (name: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path, accept)));
    else if (accept(entry.name)) found.push(path);
  }
  return found;
}

const encodingOf = (page: Page, variant: Variant) =>
  variant === page.identity ? undefined : variant === page.br ? "br" : "gzip";

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
    // Hashed assets are a megabyte or two: kept in memory, as sent, like the pages.
    const assets = new Map<string, Asset>();
    if (!existsSync(join(root, "index.html"))) {
      app.log.warn({ root }, "no built site found: run `npm run build`; serving the API only");
    } else {
      const files = await filesUnder(root, (name) => name.endsWith(".html"));
      const loaded = await Promise.all(files.map((file) => loadFile(file, true)));
      for (const [i, file] of files.entries()) {
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        const page: Page = loaded[i]!;
        const style = inlineStyleSource(page.identity.body);
        if (style) page.csp = app.cspWith({ "style-src": [style] });
        pages.set(rel.replace(/\/?index\.html$/, "") || "/", page);
      }
      const assetDir = join(root, "assets");
      const assetFiles = existsSync(assetDir) ? await filesUnder(assetDir, (name) => !/\.(?:br|gz)$/.test(name)) : [];
      for (const file of assetFiles) {
        const ext = file.slice(file.lastIndexOf(".") + 1);
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        const type = assetTypes[ext] ?? "application/octet-stream";
        assets.set(rel, { ...(await loadFile(file, compressibleType.test(type))), type });
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
      // Pages and hashed assets are served from memory by the routes below; the twins only as such.
      globIgnore: ["assets/**", "**/*.html", "**/*.br", "**/*.gz"],
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
      if (page.csp) reply.header("Content-Security-Policy", page.csp);
      if (status === 200 && etagMatches(request.headers["if-none-match"], variant.etag)) return reply.code(304).send();
      const encoding = encodingOf(page, variant);
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply.send(variant.body);
    };

    app.decorate("sendNotFoundPage", (request: FastifyRequest, reply: FastifyReply) => {
      const { lang } = splitLangPath(request.url.split("?")[0] ?? "/");
      const page = pages.get(lang === "ar" ? "/ar/404.html" : "/404.html");
      if (!page) return reply.code(404).type("text/plain; charset=utf-8").send("Page Not Found");
      return sendPage(request, reply, page, 404, lang);
    });

    app.get("/assets/*", (request, reply) => {
      const asset = assets.get(request.url.split("?")[0] ?? "");
      if (!asset) return app.sendNotFoundPage(request, reply);
      const variant = asset[pickEncoding(request.headers["accept-encoding"])];
      reply
        .type(asset.type)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Vary", "Accept-Encoding")
        .header("ETag", variant.etag);
      if (etagMatches(request.headers["if-none-match"], variant.etag)) return reply.code(304).send();
      const encoding = encodingOf(asset, variant);
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply.send(variant.body);
    });

    // Pages leave already compressed (or deliberately not): @fastify/compress has nothing to do.
    app.get("/*", (request, reply) => {
      const [pathname = "/", query] = request.url.split("?");
      const search = query ? `?${query}` : "";
      if (pathname.length > 1 && pathname.endsWith("/")) {
        return redirectWithinSite(reply, `${pathname.replace(/\/+$/, "")}${search}`, 301);
      }
      const { lang, path } = splitLangPath(pathname);
      const moved = redirects[path];
      if (moved) return redirectWithinSite(reply, `${localizePath(moved, lang)}${search}`, 301);

      // The home page opens in the language the visitor chose last time.
      if (path === "/") {
        reply.header("Vary", "Cookie");
        const remembered = request.cookies[langCookie];
        if ((remembered === "ar" || remembered === "en") && remembered !== lang) {
          return redirectWithinSite(reply, `${localizePath("/", remembered)}${search}`, 302);
        }
      }

      const page = pages.get(pathname);
      if (!page) return app.sendNotFoundPage(request, reply);
      return sendPage(request, reply, page, 200, lang);
    });
  },
  { name: "static-site", dependencies: ["@fastify/cookie", "security"] },
);
