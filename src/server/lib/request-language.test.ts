import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/translate.ts";
import { acceptLanguage, negotiateLanguage } from "./request-language.ts";

describe("acceptLanguage", () => {
  it("answers in Arabic when the client prefers it", () => {
    expect(acceptLanguage("ar")).toBe("ar");
    expect(acceptLanguage("ar-SA,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(acceptLanguage("en-US,en;q=0.9,ar;q=0.8")).toBe("en");
    expect(acceptLanguage("fr-FR,ar;q=0.5")).toBe("ar");
    expect(acceptLanguage("ar-SA")).toBe("ar");
    expect(acceptLanguage("AR-eg, en;q=0.9")).toBe("ar");
    expect(acceptLanguage("ar, en")).toBe("ar");
  });

  it("falls back to English", () => {
    expect(acceptLanguage(undefined)).toBe("en");
    expect(acceptLanguage("fr,de;q=0.5")).toBe("en");
    expect(acceptLanguage("ar;q=0")).toBe("en");
    expect(acceptLanguage("*")).toBe("en");
    expect(acceptLanguage("en, ar")).toBe("en");
  });
});

describe("negotiateLanguage", () => {
  it("prefers an explicit field, then the referring page, then Accept-Language", () => {
    expect(negotiateLanguage({ field: "ar", referer: "http://x/contact", acceptLanguage: "en" })).toBe("ar");
    expect(negotiateLanguage({ field: "en", referer: "http://x/ar/contact", acceptLanguage: "ar" })).toBe("en");
    expect(negotiateLanguage({ referer: "http://x/ar/contact", acceptLanguage: "en" })).toBe("ar");
    expect(negotiateLanguage({ referer: "http://x/ar", acceptLanguage: "en" })).toBe("ar");
    expect(negotiateLanguage({ referer: "http://x/arabic", acceptLanguage: "en" })).toBe("en");
    expect(negotiateLanguage({ field: "fr", referer: "not a url", acceptLanguage: "ar" })).toBe("ar");
  });
});

describe("translate", () => {
  it("fills placeholders in the chosen catalog", () => {
    expect(translate("en", "fontAnalysis.errors.dimensions", { width: 1, height: 2, max: 3 })).toContain("1 × 2");
    expect(translate("ar", "fontAnalysis.errors.noText")).toMatch(/[\u0600-\u06ff]/);
  });
});
