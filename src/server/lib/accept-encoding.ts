import { parseQualityList } from "./quality-list.ts";

/** Bytes below which compressing an answer saves no round trip (about one TCP segment). */
export const compressThreshold = 1400;

/** The encodings the server keeps ready: brotli, gzip, or the bytes as they are. */
export type ContentEncoding = "br" | "gzip" | "identity";

const preference: readonly ContentEncoding[] = ["br", "gzip", "identity"];

/**
 * Picks the best encoding the client accepts (RFC 9110 §12.5.3): brotli before gzip before
 * identity, `q=0` refuses, `*` stands for anything not named, and identity is acceptable unless
 * refused. Clients that send no header get identity.
 */
export function pickEncoding(header: string | string[] | undefined): ContentEncoding {
  if (header === undefined) return "identity";
  const weights = new Map<string, number>();
  for (const [name, q] of parseQualityList(header)) weights.set(name === "x-gzip" ? "gzip" : name, q);
  const wildcard = weights.get("*");
  // Identity not named is acceptable, but only as the last resort (a tiny weight), not q=1.
  const weightOf = (encoding: ContentEncoding) =>
    weights.get(encoding) ?? (encoding === "identity" ? (wildcard === 0 ? 0 : 0.001) : (wildcard ?? 0));
  let best: ContentEncoding = "identity";
  let bestWeight = 0;
  for (const encoding of preference) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = strip(etag);
  return header.split(",").some((tag) => strip(tag) === wanted);
}

/**
 * pickEncoding by the Accept-Encoding header, remembered: browsers send a handful of distinct
 * values, so a page request looks its choice up instead of parsing the list again.
 */
export function encodingPicker(): (header: string | string[] | undefined) => ContentEncoding {
  const known = new Map<string, ContentEncoding>();
  return (header) => {
    if (typeof header !== "string") return pickEncoding(header);
    let encoding = known.get(header);
    if (encoding === undefined) {
      encoding = pickEncoding(header);
      // A client sending ever new values gets them parsed each time, not a growing map.
      if (known.size >= 64) known.clear();
      known.set(header, encoding);
    }
    return encoding;
  };
}
