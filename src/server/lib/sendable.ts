import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { ContentEncoding } from "./accept-encoding.ts";

/** One encoding of a body as it is sent: its bytes, its ETag, and its Content-Encoding if any. */
export type Variant = { body: Buffer; etag: string; encoding?: "br" | "gzip" };
/** A body in the three encodings the server keeps ready. */
export type Sendable = Record<ContentEncoding, Variant>;
/** One variant ready to send: its bytes and every header its route gives it. */
export type Answer = { body: Buffer; etag: string; headers: Record<string, string> };
export type Answers = Record<ContentEncoding, Answer>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli (quality 11) and gzip (level 9) twins of `body`, made once, never per request. */
export async function compressOnce(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * The three variants of `body`, each with an ETag of its own. A twin that is not smaller (a tiny
 * page), or none, leaves that encoding to the plain bytes: not worth a Content-Encoding.
 */
export function sendableOf(body: Buffer, twins: { br?: Buffer | undefined; gzip?: Buffer | undefined } = {}): Sendable {
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 20);
  const identity: Variant = { body, etag: `"${hash}"` };
  const { br, gzip: gz } = twins;
  return {
    identity,
    br: br && br.length < body.length ? { body: br, etag: `"${hash}-br"`, encoding: "br" } : identity,
    gzip: gz && gz.length < body.length ? { body: gz, etag: `"${hash}-gz"`, encoding: "gzip" } : identity,
  };
}

/**
 * The three answers of a sendable body, their headers (names lower-cased, as Fastify keeps them)
 * made once, so that a request only picks one: no header is built per request.
 */
export function answersOf(sendable: Sendable, headers: Record<string, string>): Answers {
  const answer = (variant: Variant): Answer => ({
    body: variant.body,
    etag: variant.etag,
    headers: { ...headers, etag: variant.etag, ...(variant.encoding ? { "content-encoding": variant.encoding } : {}) },
  });
  return { identity: answer(sendable.identity), br: answer(sendable.br), gzip: answer(sendable.gzip) };
}
