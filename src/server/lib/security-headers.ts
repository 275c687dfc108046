import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { baseCsp, serializeCsp } from "./csp.ts";

export type SecurityHeaderOptions = { https: boolean; styleHashes?: string[] };

/**
 * The security headers of every answer (DESIGN D15), computed once: the strict base
 * Content-Security-Policy of lib/csp.ts, helmet's other protective headers, and the
 * Permissions-Policy. One set, so that the refusals Fastify sends before any hook runs (a
 * malformed URL or request) carry exactly what the others do; a route may still widen its CSP.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Nothing in it depends on the request, so one run against a recording response gives the set.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failure: unknown;
  middleware({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  headers["Content-Security-Policy"] = serializeCsp(baseCsp(options));
  headers["Permissions-Policy"] = "camera=(self), microphone=(), geolocation=(), payment=(self)";
  return headers;
}
