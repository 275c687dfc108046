/**
 * An HTTP quality list (Accept-Encoding, Accept-Language; RFC 9110 §12.4.2) as `[name, q]` pairs
 * in header order: names trimmed and lower-cased, `q` 1 when absent, 0 when unreadable.
 */
export function parseQualityList(header: string | string[]): [string, number][] {
  const pairs: [string, number][] = [];
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") q = Number(value?.trim() ?? "1");
    }
    pairs.push([name, Number.isFinite(q) ? q : 0]);
  }
  return pairs;
}
