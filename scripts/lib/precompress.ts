import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts and images are compressed formats already. */
const compressible = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/** Compressed with the slowest, smallest settings: done once at build, served for ever. */
export async function compressBoth(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the client build of at least
 * `minBytes`, where compression saves something. The server sends them as they are
 * (@fastify/static's `preCompressed`, and the page store of plugins/static-site.ts), so no request
 * pays for compression. Returns how many files were compressed.
 */
export async function precompress(root: string, minBytes = 1024): Promise<number> {
  const files = (await filesUnder(root)).filter((file) => compressible.test(file));
  let count = 0;
  // A few at a time: zlib runs on libuv's thread pool, and the build machine is small.
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const body = await readFile(file);
        if (body.length < minBytes) continue;
        const { br, gzip: gz } = await compressBoth(body);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        count++;
      }
    }),
  );
  return count;
}
