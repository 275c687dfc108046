import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { signInAdmin, signUpCustomer } from "#tests/helpers/accounts.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { ApiError } from "./lib/api-error.ts";
import type { ZodTypeProvider } from "./lib/zod-validation.ts";

// A probe route on the real pipeline, validated by a strict shared-style schema whose messages
// are catalog keys, as every form's schema will be.
const probeSchema = z.strictObject({
  name: z.string({ error: "errors.required" }).min(1, "errors.required"),
  count: z.number().int().optional(),
});

const probes = async (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().post("/api/probe", { schema: { body: probeSchema } }, async (request) => ({
    name: request.body.name,
    lang: request.lang,
  }));
  app.get("/api/probe-error", async () => {
    throw new ApiError(409, "taken", "errors.forbidden");
  });
  app.get("/api/probe-crash", async () => {
    throw new Error("secret internals");
  });
  app.get("/api/probe-csp", { config: { csp: { "frame-src": ["https://pay.example"] } } }, async () => ({ ok: true }));
};

describe("the API request pipeline", () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await createTestApp({ SIGNUPS_PER_HOUR: "100" }, { extend: probes, onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/probe",
      payload,
      headers: { "content-type": "application/json", ...headers },
    });

  it("accepts a valid body and knows the caller's language", async () => {
    const response = await post(JSON.stringify({ name: "Sara" }), { "accept-language": "ar-SA,ar;q=0.9" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: "Sara", lang: "ar" });
  });

  it("takes the language from a `lang` field, then the referring page, then Accept-Language", async () => {
    const byField = await post(JSON.stringify({ name: "Sara", lang: "ar" }), { "accept-language": "en" });
    expect(byField.json().lang).toBe("ar");
    const byReferer = await post(JSON.stringify({ name: "Sara" }), {
      referer: "http://localhost:3000/ar/contact",
      "accept-language": "en",
    });
    expect(byReferer.json().lang).toBe("ar");
    const byHeader = await post(JSON.stringify({ name: "Sara" }), { "accept-language": "en-GB" });
    expect(byHeader.json().lang).toBe("en");
  });

  describe.each([
    ["en", en],
    ["ar", ar],
  ] as const)("refusals in %s", (lang, catalog) => {
    const headers = { "accept-language": lang };

    it("an unknown field: 400 naming it", async () => {
      const response = await post(JSON.stringify({ name: "Sara", isAdmin: true }), headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: "invalid_request",
          message: catalog.errors.unknownField,
          fields: { isAdmin: catalog.errors.unknownField },
        },
      });
    });

    it("several bad fields: 400 with a message under each", async () => {
      const response = await post(JSON.stringify({ count: 1.5 }), headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: "invalid_request",
          message: catalog.errors.invalidRequest,
          fields: { name: catalog.errors.required, count: catalog.errors.invalidValue },
        },
      });
    });

    it("bad JSON: 400", async () => {
      const response = await post('{"name": "Sa', headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "invalid_json", message: catalog.errors.invalidJson } });
    });

    it("a wrong content type: 415", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/probe",
        payload: "name=Sara",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: { code: "unsupported_media_type", message: catalog.errors.unsupportedMediaType },
      });
    });

    it("an oversize body: 413", async () => {
      const response = await post(JSON.stringify({ name: "x".repeat(100 * 1024) }), headers);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: { code: "payload_too_large", message: catalog.errors.payloadTooLarge },
      });
    });

    it("a deeply nested body: 400 before parsing", async () => {
      const response = await post(`{"name":${"[".repeat(20_000)}${"]".repeat(20_000)}}`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "body_too_deep", message: catalog.errors.tooDeep } });
    });

    it("a use case's ApiError, in the caller's language", async () => {
      const response = await app.inject({ url: "/api/probe-error", headers });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: "taken", message: catalog.errors.forbidden } });
    });

    it("an unexpected failure: 500 with no internals", async () => {
      const response = await app.inject({ url: "/api/probe-crash", headers });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: "internal_error", message: catalog.errors.internal } });
      expect(response.body).not.toContain("secret");
    });
  });

  it("answers an unknown API path with 404 without reading its body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/no-such-route",
      payload: "[".repeat(900_000),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("lets a route widen the CSP by named origins, and no other route", async () => {
    const widened = await app.inject({ url: "/api/probe-csp" });
    expect(widened.headers["content-security-policy"]).toContain("frame-src https://pay.example");
    const strict = await app.inject({ url: "/api/products" });
    expect(strict.headers["content-security-policy"]).toContain("frame-src 'none'");
    expect(strict.headers["content-security-policy"]).not.toContain("pay.example");
  });

  describe("the admin subtree", () => {
    /**
     * Admin routes that answer a caller with anything but `expected`: every route registered
     * under /api/admin, each method, with its parameters filled in.
     */
    const unguarded = async (
      target: FastifyInstance,
      list: RouteOptions[],
      expected = 401,
      headers: Record<string, string> = {},
    ) => {
      const found: string[] = [];
      for (const route of list.filter((r) => r.url.startsWith("/api/admin"))) {
        for (const method of [route.method].flat()) {
          if (method === "HEAD") continue;
          const url = route.url.replace(/:\w+/g, "x").replace("*", "anything");
          const response = await target.inject({ method, url, headers });
          if (response.statusCode !== expected) found.push(`${method} ${route.url} -> ${response.statusCode}`);
        }
      }
      return found;
    };

    it("answers 403 to a signed-in customer on every admin route (cookie or Bearer), and lets an admin through", async () => {
      const customer = await signUpCustomer(app);
      expect(await unguarded(app, routes, 403, customer.cookie)).toEqual([]);
      expect(await unguarded(app, routes, 403, customer.bearer)).toEqual([]);
      const refused = await app.inject({
        url: "/api/admin/dashboard",
        headers: { ...customer.cookie, "accept-language": "ar" },
      });
      expect(refused.json()).toEqual({ error: { code: "forbidden", message: ar.errors.forbidden } });
      // Past the guard an admin reaches the routes (an unknown admin path is then a plain 404).
      const admin = await signInAdmin(app);
      const past = await app.inject({ url: "/api/admin/no-such-route", headers: admin.bearer });
      expect(past.statusCode).toBe(404);
    });

    it("guards every route registered under /api/admin, and unknown admin paths", async () => {
      expect(routes.some((r) => r.url.startsWith("/api/admin"))).toBe(true);
      expect(await unguarded(app, routes)).toEqual([]);
      const dashboard = await app.inject({ url: "/api/admin/dashboard", headers: { "accept-language": "ar" } });
      expect(dashboard.statusCode).toBe(401);
      expect(dashboard.json()).toEqual({ error: { code: "unauthorized", message: ar.errors.unauthorized } });
    });

    it("catches an admin route registered outside the guarded subtree", async () => {
      const leakyRoutes: RouteOptions[] = [];
      const leaky = await createTestApp(
        {},
        {
          onRoute: (route) => leakyRoutes.push(route),
          extend: async (target) => {
            target.get("/api/admin/leak", async () => ({ users: [] }));
          },
        },
      );
      try {
        expect(await unguarded(leaky, leakyRoutes)).toEqual(["GET /api/admin/leak -> 200"]);
      } finally {
        await leaky.close();
      }
    });
  });
});
