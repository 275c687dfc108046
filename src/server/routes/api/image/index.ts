import { existsSync, readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { ApiError } from "#server/lib/api-error.ts";
import { mediaNamePattern } from "#shared/media.ts";

type Options = {
  /** Originals (media/). */
  mediaDir: string;
  /** Built AVIF/WebP variants and manifest.json (dist/media/). */
  variantsDir: string;
};

type FullManifest = { files?: Record<string, { hash: string; variants: string[] }> };

const immutable = "public, max-age=31536000, immutable";
const revalidating = "public, max-age=3600, must-revalidate";

/** name -> current content hash, for originals and their variants alike. */
function readHashes(variantsDir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const file = join(variantsDir, "manifest.json");
  if (!existsSync(file)) return hashes;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as FullManifest;
  for (const [name, entry] of Object.entries(manifest.files ?? {})) {
    hashes.set(name, entry.hash);
    for (const variant of entry.variants) hashes.set(variant, entry.hash);
  }
  return hashes;
}

/** Bare media names: the file name without its extension. */
const bareNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const extensionPreference = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".svg", ".mp4", ".webm"];

/** Bare name -> the original file in media/ that carries it. */
function readOriginals(mediaDir: string): Map<string, string> {
  const originals = new Map<string, string>();
  if (!existsSync(mediaDir)) return originals;
  const files = readdirSync(mediaDir).filter((file) => mediaNamePattern.test(file));
  for (const ext of extensionPreference) {
    for (const file of files) {
      if (file.endsWith(ext)) {
        const bare = file.slice(0, -ext.length);
        if (!originals.has(bare)) originals.set(bare, file);
      }
    }
  }
  return originals;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * GET /api/image/:name (DESIGN D12): images and videos with their type, ETag and byte ranges
 * (through @fastify/static), cached for a year when the URL carries the current `?v=` content hash
 * and revalidated hourly otherwise. Only plain names are accepted, so nothing outside the two
 * media folders can be reached.
 */
const imageRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const mediaDir = resolve(options.mediaDir);
  const variantsDir = resolve(options.variantsDir);
  const hashes = readHashes(variantsDir);
  const originals = readOriginals(mediaDir);

  /**
   * A file name as it is, or a bare name (spec §7: a product's id, for its image) as the original
   * that carries it, preferring an image over a video of the same name.
   */
  const resolveName = (name: string): string | undefined => {
    if (mediaNamePattern.test(name)) return name;
    if (!bareNamePattern.test(name)) return undefined;
    return originals.get(name);
  };

  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      reply.header("Cache-Control", "no-store");
      return payload;
    }
    const { name } = request.params as { name?: string };
    const { v } = request.query as { v?: string };
    const current = name ? hashes.get(name) : undefined;
    reply.header("Cache-Control", current && v === current ? immutable : revalidating);
    return payload;
  });

  app.get<{ Params: { name: string }; Querystring: { v?: string } }>("/image/:name", async (request, reply) => {
    const name = resolveName(request.params.name);
    if (name) {
      for (const root of [variantsDir, mediaDir]) {
        if (await isFile(join(root, name))) return reply.sendFile(name, root);
      }
    }
    throw new ApiError(404, "not_found", "errors.notFoundImage");
  });
};

export default imageRoutes;
