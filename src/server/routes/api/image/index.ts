import { existsSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { mediaNamePattern } from "#shared/media.ts";
import { sendError } from "../../../lib/errors.ts";

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

  app.get<{ Params: { name: string }; Querystring: { v?: string } }>(
    "/api/image/:name",
    async (request, reply) => {
      const { name } = request.params;
      if (!mediaNamePattern.test(name)) {
        return sendError(reply, 404, "not_found", "No such image.");
      }
      for (const root of [variantsDir, mediaDir]) {
        if (await isFile(join(root, name))) return reply.sendFile(name, root);
      }
      return sendError(reply, 404, "not_found", "No such image.");
    },
  );
};

export default imageRoutes;
