import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { fontLibraryResponseSchema } from "#shared/schemas/font-library.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("GET /api/fonts", () => {
  it("lists the families the model knows, in both languages", async () => {
    const response = await app.inject({ method: "GET", url: "/api/fonts" });
    expect(response.statusCode).toBe(200);
    const { families } = fontLibraryResponseSchema.parse(response.json());
    // Issue 14: at least 200 families, at least 60 of them Arabic.
    expect(families.length).toBeGreaterThanOrEqual(200);
    expect(families.filter((f) => f.script === "arabic").length).toBeGreaterThanOrEqual(60);
    expect(families.filter((f) => f.script === "latin").length).toBeGreaterThanOrEqual(140);
    const amiri = families.find((f) => f.id === "amiri");
    expect(amiri?.nameAr).toMatch(/[\u0600-\u06ff]/);
    expect(amiri?.arabicStyle).toBe("naskh");
    expect(amiri?.culturalContext?.usageAr).toMatch(/[\u0600-\u06ff]/);
    expect(JSON.stringify(families)).not.toContain("node_modules");
  });
});

describe("GET /api/fonts/:id/sample.png", () => {
  it("draws a PNG specimen from the family's own font, with an ETag", async () => {
    const response = await app.inject({ method: "GET", url: "/api/fonts/aref-ruqaa/sample.png" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
    const etag = response.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      method: "GET",
      url: "/api/fonts/aref-ruqaa/sample.png",
      headers: { "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("draws different specimens for different families", async () => {
    const a = await app.inject({ method: "GET", url: "/api/fonts/roboto/sample.png" });
    const b = await app.inject({ method: "GET", url: "/api/fonts/great-vibes/sample.png" });
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it("answers 404 for an unknown family", async () => {
    const response = await app.inject({ method: "GET", url: "/api/fonts/comic-sans/sample.png" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});
