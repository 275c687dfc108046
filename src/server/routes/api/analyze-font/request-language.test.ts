import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { requestLanguage, translate } from "./request-language.ts";

const withHeader = (value?: string) => ({ headers: value === undefined ? {} : { "accept-language": value } }) as FastifyRequest;

describe("requestLanguage", () => {
  it("answers in Arabic when the client prefers it", () => {
    expect(requestLanguage(withHeader("ar"))).toBe("ar");
    expect(requestLanguage(withHeader("ar-SA,ar;q=0.9,en;q=0.8"))).toBe("ar");
    expect(requestLanguage(withHeader("en-US,en;q=0.9,ar;q=0.8"))).toBe("en");
    expect(requestLanguage(withHeader("fr-FR,ar;q=0.5"))).toBe("ar");
  });

  it("falls back to English", () => {
    expect(requestLanguage(withHeader())).toBe("en");
    expect(requestLanguage(withHeader("fr,de;q=0.5"))).toBe("en");
    expect(requestLanguage(withHeader("ar;q=0"))).toBe("en");
  });
});

describe("translate", () => {
  it("fills placeholders in the chosen catalog", () => {
    expect(translate("en", "fontAnalysis.errors.dimensions", { width: 1, height: 2, max: 3 })).toContain("1 × 2");
    expect(translate("ar", "fontAnalysis.errors.noText")).toMatch(/[\u0600-\u06ff]/);
    expect(translate("ar", "no.such.key")).toBe("no.such.key");
  });
});
