import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";
import { baseCsp, extendCsp, serializeCsp, type CspDirectives } from "../lib/csp.ts";
import { securityHeaders } from "../lib/security-headers.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Origins this route's answers may use beyond the strict base policy (see lib/csp.ts). */
    csp?: CspDirectives;
  }
  interface FastifyReply {
    /** Widens this answer's Content-Security-Policy by named origins (a page that needs them). */
    extendCsp(extension: CspDirectives): FastifyReply;
  }
  interface FastifyInstance {
    /** The Content-Security-Policy header of the base policy widened by `extension`, to keep and reuse. */
    cspWith(extension: CspDirectives): string;
  }
}

/**
 * Security headers (DESIGN D15): the set of lib/security-headers.ts, computed once (helmet's, and
 * a strict Content-Security-Policy that a route (`config.csp`) or a page (`reply.extendCsp`) can
 * widen by named origins and nothing else). app.ts gives the same set to Fastify's early refusals.
 * State-changing requests from another origin are refused (DESIGN D6).
 */
export default fp<{ https: boolean; styleHashes?: string[]; siteUrl?: string }>(
  async (app, options) => {
    const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
    const settings = { https: options.https, styleHashes: options.styleHashes ?? [] };
    const base = baseCsp(settings);
    const headers = securityHeaders(settings);

    app.decorate("cspWith", (extension: CspDirectives) => serializeCsp(extendCsp(base, extension)));
    app.decorateReply("extendCsp", function (this: FastifyReply, extension: CspDirectives) {
      const routeExtension = this.request.routeOptions.config?.csp;
      return this.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension, extension)));
    });

    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headers).header("X-Request-Id", request.id);
      const routeExtension = request.routeOptions.config?.csp;
      if (routeExtension) reply.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension)));
      const stateChanging = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
      const foreign =
        stateChanging &&
        isForeign(request.headers.origin, request.headers.host, siteOrigin, request.headers["sec-fetch-site"]);
      done(foreign ? new ApiError(403, "foreign_origin", "errors.forbiddenOrigin") : undefined);
    });
  },
  { name: "security" },
);

/**
 * Whether a state-changing request comes from another site (DESIGN D6): its Origin is neither
 * this host nor SITE_URL's origin (behind a proxy the Host may be an internal name). `Origin:
 * null` (sandboxed frames, some redirects) is foreign. Without an Origin, a browser's
 * `Sec-Fetch-Site: cross-site` still counts; API clients send neither and pass (they hold a
 * Bearer token, which another site cannot make a browser send).
 */
function isForeign(
  origin: string | undefined,
  host: string | undefined,
  siteOrigin: string | undefined,
  fetchSite: string | string[] | undefined,
): boolean {
  if (origin === undefined) return fetchSite === "cross-site";
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  if (parsed.origin === siteOrigin) return false;
  return parsed.host !== host;
}
