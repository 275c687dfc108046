import type { FastifyReply, onRequestHookHandler } from "fastify";
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
    /** The headers every answer carries, as the onRequest hook sets them (names lower-cased). */
    readonly securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Security headers (DESIGN D15): the set of lib/security-headers.ts, computed once (helmet's, and
 * a strict Content-Security-Policy that a route (`config.csp`) or a page (`reply.extendCsp`) can
 * widen by named origins and nothing else). app.ts gives the same set to Fastify's early refusals.
 * Per request they cost one copy of a ready object: names already lower-cased as Fastify keeps
 * them, and a route's widened policy serialized once, when the route is added. State-changing
 * requests from another origin are refused (DESIGN D6).
 */
export default fp<{ https: boolean; styleHashes?: string[]; siteUrl?: string }>(
  async (app, options) => {
    const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
    const settings = { https: options.https, styleHashes: options.styleHashes ?? [] };
    const base = baseCsp(settings);
    const headers = lowerCased(securityHeaders(settings));

    app.decorate("securityHeaders", headers);
    app.decorate("cspWith", (extension: CspDirectives) => serializeCsp(extendCsp(base, extension)));
    app.decorateReply("extendCsp", function (this: FastifyReply, extension: CspDirectives) {
      const routeExtension = this.request.routeOptions.config?.csp;
      return this.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension, extension)));
    });

    // A route that widens the policy gets a hook of its own with the header made now.
    app.addHook("onRoute", (route) => {
      const extension = route.config?.csp;
      if (!extension) return;
      const csp = serializeCsp(extendCsp(base, extension));
      const widen: onRequestHookHandler = (_request, reply, done) => {
        reply.header("content-security-policy", csp);
        done();
      };
      route.onRequest = [widen, ...(route.onRequest ? [route.onRequest].flat() : [])];
    });

    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headers).header("x-request-id", request.id);
      const method = request.method;
      const stateChanging = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
      const foreign =
        stateChanging &&
        isForeign(request.headers.origin, request.headers.host, siteOrigin, request.headers["sec-fetch-site"]);
      done(foreign ? new ApiError(403, "foreign_origin", "errors.forbiddenOrigin") : undefined);
    });
  },
  { name: "security" },
);

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

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
