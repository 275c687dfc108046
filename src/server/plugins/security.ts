import type { FastifyReply, FastifyRequest } from "fastify";
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
}

/**
 * Security headers (DESIGN D15): the set of lib/security-headers.ts, computed once (helmet's, and
 * a strict Content-Security-Policy that a route (`config.csp`) or a page (`reply.extendCsp`) can
 * widen by named origins and nothing else). app.ts gives the same set to Fastify's early refusals.
 * State-changing requests from another origin are refused (DESIGN D6).
 */
/** A state-changing request sent from a page of another origin (DESIGN D6). */
function foreignOrigin(request: FastifyRequest): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export default fp<{ https: boolean; styleHashes?: string[] }>(
  async (app, options) => {
    const settings = { https: options.https, styleHashes: options.styleHashes ?? [] };
    const base = baseCsp(settings);
    const headers = securityHeaders(settings);

    app.decorateReply("extendCsp", function (this: FastifyReply, extension: CspDirectives) {
      const routeExtension = this.request.routeOptions.config?.csp;
      return this.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension, extension)));
    });

    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headers).header("X-Request-Id", request.id);
      const routeExtension = request.routeOptions.config?.csp;
      if (routeExtension) reply.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension)));
      done(foreignOrigin(request) ? new ApiError(403, "forbidden_origin", "errors.forbiddenOrigin") : undefined);
    });
  },
  { name: "security" },
);
