import Negotiator from "negotiator";

/** Bytes below which compressing an answer saves no round trip (about one TCP segment). */
export const compressThreshold = 1400;

/** The encodings the server keeps ready: brotli, gzip, or the bytes as they are. */
export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * Negotiator 1.x documents `encoding(available, { preferred })` (the server's order between
 * encodings of equal q); @types/negotiator, last published for 0.6, does not know the option yet.
 */
type EncodingNegotiator = {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
};

// `x-gzip` is offered as a name of gzip (RFC 9110 §8.4.1.3), served as gzip.
const offered = ["br", "gzip", "x-gzip", "identity"] as const;

/**
 * Picks the best encoding the client accepts, by Negotiator (RFC 9110 §12.5.3): the highest q,
 * brotli before gzip before identity on equal q, `q=0` refuses, `*` stands for anything not
 * named, and identity not named is acceptable at the lowest q the header gives. Clients that send
 * no header, or refuse everything, get identity.
 */
export function pickEncoding(header: string | string[] | undefined): ContentEncoding {
  if (header === undefined || header === "") return "identity";
  const value = typeof header === "string" ? header : header.join(",");
  const negotiator: EncodingNegotiator = new Negotiator({ headers: { "accept-encoding": value } });
  const chosen = negotiator.encoding(offered, { preferred: offered });
  return chosen === "br" || chosen === "gzip" ? chosen : chosen === "x-gzip" ? "gzip" : "identity";
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
 * values, and a page served from memory (the front door, static-site) looks its choice up instead
 * of negotiating again (on typical browser headers, about a microsecond per negotiation against
 * 13 ns per look-up: a few percent of what a whole door answer costs).
 */
export function encodingPicker(): (header: string | string[] | undefined) => ContentEncoding {
  const known = new Map<string, ContentEncoding>();
  return (header) => {
    if (typeof header !== "string") return pickEncoding(header);
    let encoding = known.get(header);
    if (encoding === undefined) {
      encoding = pickEncoding(header);
      // A client sending ever new values gets them negotiated each time, not a growing map.
      if (known.size >= 64) known.clear();
      known.set(header, encoding);
    }
    return encoding;
  };
}
