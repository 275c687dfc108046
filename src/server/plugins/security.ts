import helmet from "@fastify/helmet";
import fp from "fastify-plugin";
import { sendError } from "../lib/errors.ts";

/**
 * Security headers with a strict Content-Security-Policy (DESIGN D15): every script, style, font,
 * image and video comes from this origin (the inlined stylesheet is allowed by its hash); nothing
 * may frame the site. State-changing requests
 * from another origin are refused (DESIGN D6).
 */
export default fp<{ https: boolean; styleHashes?: string[] }>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // The prerendered pages inline their stylesheet; only that exact text is allowed.
          styleSrc: ["'self'", ...(options.styleHashes ?? [])],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          mediaSrc: ["'self'", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", "blob:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.addHook("onSend", async (_request, reply) => {
      reply.header("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(self)");
    });

    app.addHook("onRequest", async (request, reply) => {
      if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return;
      const origin = request.headers.origin;
      if (!origin) return;
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = "";
      }
      if (originHost !== request.headers.host) {
        return sendError(reply, 403, "forbidden_origin", "Requests from another site are not accepted.");
      }
    });
  },
  { name: "security" },
);
