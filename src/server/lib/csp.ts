/** CSP directives by their header names, e.g. { "frame-src": ["https://pay.example"] }. */
export type CspDirectives = Record<string, string[]>;

/**
 * The site's strict Content-Security-Policy (DESIGN D15): every script, style, font, image and
 * video comes from this origin (a page's inlined stylesheet is allowed by its hash, per page:
 * plugins/static-site.ts); nothing may frame
 * the site; no plugins; forms post only here.
 */
export function baseCsp(options: { styleHashes?: string[]; https: boolean }): CspDirectives {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", ...(options.styleHashes ?? [])],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/**
 * The base policy widened by a route's or a page's named origins (a payment provider's hosted
 * form, Apple Pay): sources are added to their directive, and a directive that was `'none'`
 * becomes exactly the named sources. Everything not named stays as strict as the base.
 */
export function extendCsp(base: CspDirectives, ...extensions: (CspDirectives | undefined)[]): CspDirectives {
  const merged: CspDirectives = { ...base };
  for (const extension of extensions) {
    if (!extension) continue;
    for (const [directive, sources] of Object.entries(extension)) {
      if (!/^[a-z-]+$/.test(directive)) throw new Error(`Not a CSP directive: ${directive}`);
      for (const source of sources) {
        if (/[;,\s]/.test(source)) throw new Error(`Not a CSP source: ${source}`);
      }
      const current = (merged[directive] ?? merged["default-src"] ?? []).filter((s) => s !== "'none'");
      merged[directive] = [...new Set([...current, ...sources])];
    }
  }
  return merged;
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}
