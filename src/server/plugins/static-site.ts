import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { langCookie, splitLangPath, localizePath } from "#shared/lang.ts";
import { redirects } from "#shared/routes.ts";
import { encodingPicker, etagMatches } from "../lib/accept-encoding.ts";
import { readyAnswers } from "../lib/front-door.ts";
import { answersOf, compressOnce, sendableOf, type Answers, type Sendable } from "../lib/sendable.ts";
import { redirectWithinSite } from "../lib/site-redirect.ts";

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
  const read = (path: string) => readFile(path).catch(() => undefined);
  const [body, br, gzip] = await Promise.all([readFile(file), read(`${file}.br`), read(`${file}.gz`)]);
  if (compressMissing && (!br || !gzip)) {
    const made = await compressOnce(body);
    return sendableOf(body, { br: br ?? made.br, gzip: gzip ?? made.gzip });
  }
  return sendableOf(body, { br, gzip });
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
    // Pages by path; a home page ("/", "/ar") also varies by the remembered-language cookie.
    const pages = new Map<string, Answers>();
    // Hashed assets are a megabyte or two: kept in memory, as sent, like the pages.
    const assets = new Map<string, Answers>();
    if (!existsSync(join(root, "index.html"))) {
      app.log.warn({ root }, "no built site found: run `npm run build`; serving the API only");
    } else {
      const files = await filesUnder(root, (name) => name.endsWith(".html"));
      const loaded = await Promise.all(files.map((file) => loadFile(file, true)));
      for (const [i, file] of files.entries()) {
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        const sendable = loaded[i]!;
        const pathname = rel.replace(/\/?index\.html$/, "") || "/";
        const { lang, path } = splitLangPath(pathname);
        const style = inlineStyleSource(sendable.identity.body);
        const headers: Record<string, string> = {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-cache",
          "content-language": lang,
          vary: path === "/" ? "Cookie, Accept-Encoding" : "Accept-Encoding",
        };
        if (style) headers["content-security-policy"] = app.cspWith({ "style-src": [style] });
        pages.set(pathname, answersOf(sendable, headers));
      }
      const assetDir = join(root, "assets");
      const assetFiles = existsSync(assetDir) ? await filesUnder(assetDir, (name) => !/\.(?:br|gz)$/.test(name)) : [];
      for (const file of assetFiles) {
        const ext = file.slice(file.lastIndexOf(".") + 1);
        const rel = `/${relative(root, file).split(sep).join("/")}`;
        const type = assetTypes[ext] ?? "application/octet-stream";
        const sendable = await loadFile(file, compressibleType.test(type));
        assets.set(
          rel,
          answersOf(sendable, {
            "content-type": type,
            "cache-control": "public, max-age=31536000, immutable",
            vary: "Accept-Encoding",
          }),
        );
      }
    }
    const encodingFor = encodingPicker();

    /** The answer in the encoding the client takes best, or 304 when it holds that one already. */
    const send = (request: FastifyRequest, reply: FastifyReply, answers: Answers, status: number) => {
      const answer = answers[encodingFor(request.headers["accept-encoding"])];
      reply.headers(answer.headers);
      if (status === 200 && etagMatches(request.headers["if-none-match"], answer.etag)) {
        return reply.removeHeader("content-encoding").code(304).send();
      }
      return reply.code(status).send(answer.body);
    };

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

    app.decorate("sendNotFoundPage", (request: FastifyRequest, reply: FastifyReply) => {
      const { lang } = splitLangPath(request.url.split("?")[0] ?? "/");
      const page = pages.get(lang === "ar" ? "/ar/404.html" : "/404.html");
      if (!page) return reply.code(404).type("text/plain; charset=utf-8").send("Page Not Found");
      return send(request, reply, page, 404);
    });

    app.get("/assets/*", (request, reply) => {
      const asset = assets.get(request.url.split("?")[0] ?? "");
      if (!asset) return app.sendNotFoundPage(request, reply);
      return send(request, reply, asset, 200);
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

      // The home page opens in the language the visitor chose last time (its answers say Vary: Cookie).
      if (path === "/") {
        const remembered = request.cookies[langCookie];
        if ((remembered === "ar" || remembered === "en") && remembered !== lang) {
          return redirectWithinSite(reply.header("Vary", "Cookie"), `${localizePath("/", remembered)}${search}`, 302);
        }
      }

      const page = pages.get(pathname);
      if (!page) return app.sendNotFoundPage(request, reply);
      return send(request, reply, page, 200);
    });

    // The same answers, replayed in front of the app for a plain GET (lib/front-door.ts, decision
    // 0027): the security hook's headers, then the answer's own, as the pipeline above sets them
    // (serving.int.test.ts compares the two for every page and asset).
    for (const [path, answers] of pages) {
      // The 404 pages are sent by sendNotFoundPage, with status 404.
      if (path.endsWith(".html")) continue;
      const home = splitLangPath(path).path === "/";
      app.frontDoor.set(path, {
        answers: readyAnswers(app.securityHeaders, answers),
        ...(home ? { unlessCookie: langCookie } : {}),
      });
    }
    for (const [path, answers] of assets)
      app.frontDoor.set(path, { answers: readyAnswers(app.securityHeaders, answers) });
  },
  { name: "static-site", dependencies: ["@fastify/cookie", "security"] },
);
