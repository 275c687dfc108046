/**
 * Where to go after signing in: the `?next=` path, when it is a path on this site. Anything that
 * could leave the site is refused (an open redirect): absolute URLs, protocol-relative `//host`,
 * `/\host` (browsers read a backslash as a slash), other schemes, control characters.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || next.length > 2000) return undefined;
  if (!next.startsWith("/") || next.startsWith("//")) return undefined;
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, "https://site.invalid");
  } catch {
    return undefined;
  }
  if (url.origin !== "https://site.invalid") return undefined;
  return url.pathname + url.search + url.hash;
}
