import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../lib/api-error.ts";
import { baseCsp, extendCsp, serializeCsp, type CspDirectives } from "../lib/csp.ts";

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

/** The headers helmet sets for this configuration, read once from a throwaway app. */
async function headersOf(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get("/", async () => "");
  const response = await probe.inject("/");
  await probe.close();
  const headers: Record<string, string> = {};
  const own = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);
  for (const [name, value] of Object.entries(response.headers)) {
    if (!own.has(name) && typeof value === "string") headers[name] = value;
  }
  return headers;
}

/**
 * Security headers (DESIGN D15): helmet's set, and a strict Content-Security-Policy that a route
 * (`config.csp`) or a page (`reply.extendCsp`) can widen by named origins and nothing else.
 * State-changing requests from another origin are refused (DESIGN D6).
 */
export default fp<{ https: boolean; styleHashes?: string[] }>(
  async (app, options) => {
    const base = baseCsp({ styleHashes: options.styleHashes ?? [], https: options.https });
    const baseHeader = serializeCsp(base);

    // Helmet's headers are the same for every answer: computed once and set from a ready object,
    // instead of @fastify/helmet rebuilding helmet's middleware on every request (issue 9).
    const helmetHeaders = {
      ...(await headersOf({
        contentSecurityPolicy: false,
        strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
        crossOriginResourcePolicy: { policy: "same-origin" },
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      })),
      "permissions-policy": "camera=(self), microphone=(), geolocation=(), payment=(self)",
    };

    app.decorateReply("extendCsp", function (this: FastifyReply, extension: CspDirectives) {
      const routeExtension = this.request.routeOptions.config?.csp;
      return this.header("Content-Security-Policy", serializeCsp(extendCsp(base, routeExtension, extension)));
    });

    app.addHook("onRequest", async (request, reply) => {
      const routeExtension = request.routeOptions.config?.csp;
      reply.headers(helmetHeaders);
      reply.header("Content-Security-Policy", routeExtension ? serializeCsp(extendCsp(base, routeExtension)) : baseHeader);

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
