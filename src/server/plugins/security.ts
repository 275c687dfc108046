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
}

/**
 * Security headers (DESIGN D15): the set of lib/security-headers.ts, computed once (helmet's, and
 * a strict Content-Security-Policy that a route (`config.csp`) or a page (`reply.extendCsp`) can
 * widen by named origins and nothing else). app.ts gives the same set to Fastify's early refusals.
 * State-changing requests from another origin are refused (DESIGN D6).
 */
export default fp<{ https: boolean; styleHashes?: string[] }>(
  async (app, options) => {
    const settings = { https: options.https, styleHashes: options.styleHashes ?? [] };
    const base = baseCsp(settings);
    const headers = securityHeaders(settings);

    app.decorateReply("extendCsp", function (this: FastifyReply, extension: CspDirectives) {
      const routeExtension = this.request.routeOptions.config?.csp;
      return this.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension, extension)));
    });

    app.addHook("onRequest", async (request, reply) => {
      reply.headers(headers);
      const routeExtension = request.routeOptions.config?.csp;
      if (routeExtension) reply.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension)));

      if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
      const origin = request.headers.origin;
      if (!origin) return;
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = "";
      }
      if (originHost !== request.headers.host) {
        throw new ApiError(403, "forbidden_origin", "errors.forbiddenOrigin");
      }
    });
  },
  { name: "security" },
);
