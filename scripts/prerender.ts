/**
 * Renders every public page, in English and Arabic, to static HTML with its own head, the right
 * <html lang dir> in the first byte, the stylesheet rules it uses inline, preloads for the first screen's fonts,
 * and the boot script that loads the page's modules after the first paint.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import Beasties from "beasties";
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { directionOf, languages, localizePath, type Lang } from "#shared/lang.ts";
import { allPages, type Page } from "#shared/routes.ts";
import { renderHead } from "#shared/seo.ts";
import type { PublicConfig } from "#shared/site-config.ts";
import type * as EntryServer from "#client/entry-server.tsx";
import { buildPaths } from "./lib/build-paths.ts";

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

const pageSource = (page: Page) => `src/client/pages/${page.module}.tsx`;
const queryRootSource = "src/client/lib/query-root.tsx";

/** A chunk and everything it statically imports, as /assets URLs, minus what the entry has. */
function chunkClosure(manifest: Manifest, key: string, skip: Set<string>): string[] {
  // A source that is not a chunk of the build (renamed, or inlined) would silently preload nothing.
  if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest: nothing to preload`);
  const seen = new Set<string>();
  const visit = (k: string) => {
    const entry = manifest[k];
    if (!entry || seen.has(entry.file) || skip.has(entry.file)) return;
    seen.add(entry.file);
    entry.imports?.forEach(visit);
  };
  visit(key);
  return [...seen].map((file) => `/${file}`);
}

async function fontFiles(clientDir: string): Promise<string[]> {
  return (await readdir(join(clientDir, "assets"))).filter((f) => f.endsWith(".woff2"));
}

/**
 * The stylesheet, taken out of the head: each page inlines only the rules its own markup uses
 * (`criticalStyles`), and the boot script adds the rest after the first paint, for what
 * hydration, dialogs and the client router bring (src/client/boot.ts).
 *
 * Two kinds of rule are not left to Beasties: the `@font-face` rules (the utilities name their
 * families through custom properties, which Beasties cannot follow, so it kept none and the first
 * paint was set in the fallback fonts) and the `@property` registrations. Every page declares all
 * of them inline (`always`, under 5 KB), and the sheet the boot script adds (`rest`, written
 * under its own content hash) leaves them out: declared a second time they made the browser treat
 * every font and registered property as changed, and restyle, reshape and lay out the whole page
 * again (on `/ar`, where shaping Arabic is costly, the largest task after the first paint).
 */
async function takeStylesheet(
  clientDir: string,
  built: string,
): Promise<{ template: string; always: string; rest: string; href: string }> {
  const links = built.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one stylesheet in the built index.html, found ${links.length}`);
  const href = /href="(\/[^"]+)"/.exec(links[0]!)?.[1];
  if (!href) throw new Error(`a stylesheet link without a local href: ${links[0]}`);
  const css = (await readFile(join(clientDir, href.slice(1)), "utf8")).trim();
  if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", which would end the inlined element`);
  // Neither rule nests braces, in the built (minified) sheet or out of it.
  const declarations = /@(?:font-face|property)\s*[^{]*\{[^{}]*\}/g;
  const always = (css.match(declarations) ?? []).join("");
  if (!always.includes("@font-face")) throw new Error(`${href} declares no @font-face`);
  const rest = css.replace(declarations, "");
  const restName = `assets/${href
    .split("/")
    .pop()!
    .replace(/\.css$/, "")}-rest-${createHash("sha256").update(rest).digest("hex").slice(0, 8)}.css`;
  await writeFile(join(clientDir, restName), rest);
  // First in the head, ahead of the font and module preloads.
  const template = built.replace(links[0]!, "").replace("<!--app-head-->", `<!--app-style-->\n    <!--app-head-->`);
  return { template, always, rest, href: `/${restName}` };
}

/**
 * The rules of the stylesheet that this page's markup can use (Beasties matches every selector
 * against the prerendered document; the font faces kept are those its text needs), inlined as
 * the page's one `<style>`: the first paint waits for no request but the page, and parses a
 * third of the sheet. The server allows the element by its hash (plugins/static-site.ts).
 * Rules Beasties cannot evaluate stay in whole (see `allowRules`), among them those for state
 * the markup gets only in the browser (`data-account-initial`, set by the boot script before the
 * first paint).
 */
async function criticalStyles(
  clientDir: string,
  html: string,
  sheet: { always: string; rest: string },
): Promise<string> {
  const beasties = new Beasties({
    path: clientDir,
    external: false,
    reduceInlineStyles: true,
    // The font faces and property registrations are declared whole (`takeStylesheet`).
    inlineFonts: false,
    preloadFonts: false,
    // All keyframes: the utilities name theirs through custom properties (`animation:
    // var(--animate-bounce)`), which Beasties cannot follow; they are a few hundred bytes.
    keyframes: "all",
    // Beasties' selector engine drops what it cannot evaluate statically: root state
    // (`html[lang=ar] …`, `html[data-account-initial] …`) and the functional pseudo-classes
    // (`:is`, `:where`, `:not`, `:has`, and `:lang`, which every `rtl:` utility uses). They are a
    // few dozen rules, kept whole.
    allowRules: [/^html/, /:(?:is|where|not|has|lang)\(/],
    logLevel: "error",
  });
  const processed = await beasties.process(html.replace("<!--app-style-->", `<style>${sheet.rest}</style>`));
  const critical = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1];
  if (critical === undefined) throw new Error("Beasties left no stylesheet in the page");
  // Only the stylesheet is taken from Beasties' output; the markup is ours, byte for byte.
  return html.replace("<!--app-style-->", `<style>${sheet.always}${critical}</style>`);
}

/** src/client/boot.ts, minified into the assets under a content-hashed name; returns its URL. */
async function buildBoot(clientDir: string): Promise<string> {
  const result = await build({
    entryPoints: ["src/client/boot.ts"],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  const code = result.outputFiles[0]!.contents;
  const name = `assets/boot-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
  await writeFile(join(clientDir, name), code);
  return `/${name}`;
}

/**
 * Takes Vite's entry script and its modulepreload links out of the head: the boot script loads
 * them after the first paint (see src/client/boot.ts).
 */
function takeEntryScripts(html: string): { html: string; entry: string; entryPreloads: string[] } {
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!script) throw new Error("the built index.html has no module entry script");
  const entryPreloads: string[] = [];
  const rest = html
    .replace(script[0], "")
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      entryPreloads.push(href);
      return "";
    });
  return { html: rest, entry: script[1]!, entryPreloads };
}

export async function prerender(
  config: PublicConfig,
  paths: { client: string; ssr: string } = buildPaths(),
): Promise<{ pages: number }> {
  const clientDir = paths.client;
  const built = await readFile(join(clientDir, "index.html"), "utf8");
  const { html: withoutScripts, entry: entryScript, entryPreloads } = takeEntryScripts(built);
  const { template, always, rest, href: stylesheet } = await takeStylesheet(clientDir, withoutScripts);
  const boot = await buildBoot(clientDir);
  const manifest = JSON.parse(await readFile(join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = manifest["index.html"];
  if (!entry) throw new Error("the Vite manifest has no index.html entry");
  const entryFiles = new Set(chunkClosure(manifest, "index.html", new Set()).map((f) => f.slice(1)));
  const fonts = await fontFiles(clientDir);
  // Every face the first screen sets text in, preloaded: a face found only while laying out the
  // first screen arrives after the first paint, and its arrival lays out every line it could set
  // again (a task of 100-300 ms on a throttled phone for an Arabic page).
  const fontPreloads: Record<Lang, string[]> = {
    // Body (Manrope 300), buttons and navigation (Manrope 500), headline (Cormorant Garamond 500).
    en: fonts.filter((f) => /^manrope-latin-[35]00-normal|^cormorant-garamond-latin-500-normal/.test(f)),
    // Body (IBM Plex Sans Arabic 300), buttons, navigation and labels (500), the headline (Markazi
    // Text 500), and the language link's "EN" (Manrope 500).
    ar: fonts.filter((f) =>
      /^ibm-plex-sans-arabic-arabic-[35]00-normal|^markazi-text-arabic-500-normal|^manrope-latin-500-normal/.test(f),
    ),
  };

  // The pages' words, titles and JSON-LD come from the SSR bundle, not from this script's own
  // imports: they then describe the content folder the bundles were built from (CONTENT_DIR).
  const ssrEntry = pathToFileURL(join(paths.ssr, "entry-server.js")).href;
  const { render, loadMessages, structuredDataFor } = (await import(ssrEntry)) as typeof EntryServer;
  const catalogs = { en: await loadMessages("en"), ar: await loadMessages("ar") };

  const outFile = (page: Page, lang: Lang) =>
    page.id === "notFound"
      ? join(clientDir, lang === "ar" ? "ar/404.html" : "404.html")
      : join(clientDir, localizePath(page.path, lang), "index.html");

  let count = 0;
  for (const target of allPages) {
    for (const lang of languages) {
      const url = localizePath(target.path, lang);
      const appHtml = await render(url);
      const messages = catalogs[lang];
      // What main.tsx fetches before hydrating: the page, its copy in this language, the
      // catalog and, for pages with server state, the query client.
      const source = pageSource(target);
      const pageCopy = (manifest[source]?.dynamicImports ?? []).filter((file) => file.endsWith(`.${lang}.ts`));
      const modules = new Set([
        ...entryPreloads,
        ...chunkClosure(manifest, source, entryFiles),
        ...chunkClosure(manifest, `src/shared/i18n/${lang}-frame.ts`, entryFiles),
        ...pageCopy.flatMap((file) => chunkClosure(manifest, file, entryFiles)),
        ...(target.query ? chunkClosure(manifest, queryRootSource, entryFiles) : []),
      ]);
      const bootScript = `<script type="module" src="${boot}" data-entry="${entryScript}" data-stylesheet="${stylesheet}" data-preload="${[...modules].join(" ")}"></script>`;
      const fontLinks = fontPreloads[lang].map(
        (file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`,
      );
      const head = renderHead({
        lang,
        path: target.path,
        title: messages.meta[target.id].title,
        description: messages.meta[target.id].description,
        siteUrl: config.SITE_URL,
        indexable: target.indexable,
        ogImage: "/api/image/og-image.jpg",
        jsonLd: structuredDataFor(target.id, lang, config, messages),
      });
      const html = await criticalStyles(
        clientDir,
        template
          .replace('<html lang="en" dir="ltr">', `<html lang="${lang}" dir="${directionOf(lang)}">`)
          .replace("<!--app-head-->", [head, ...fontLinks, bootScript].join("\n    "))
          .replace("<!--app-html-->", appHtml),
        { always, rest },
      );
      const inline = /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/.exec(html);
      if (inline)
        throw new Error(`${url}: the prerendered HTML has an inline script (${inline[0]}), which the CSP blocks`);
      const file = outFile(target, lang);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html);
      count++;
    }
  }
  return { pages: count };
}
