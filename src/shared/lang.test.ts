import { describe, expect, it } from "vitest";
import { directionOf, localizePath, splitLangPath, twinUrl } from "./lang.ts";

describe("language paths", () => {
  it("splits Arabic twins and leaves English paths alone", () => {
    expect(splitLangPath("/ar")).toEqual({ lang: "ar", path: "/" });
    expect(splitLangPath("/ar/products")).toEqual({ lang: "ar", path: "/products" });
    expect(splitLangPath("/products")).toEqual({ lang: "en", path: "/products" });
    expect(splitLangPath("/arabic-coffee")).toEqual({ lang: "en", path: "/arabic-coffee" });
  });

  it("localizes paths both ways", () => {
    expect(localizePath("/", "ar")).toBe("/ar");
    expect(localizePath("/about", "ar")).toBe("/ar/about");
    expect(localizePath("/about", "en")).toBe("/about");
  });

  it("finds the twin page with its query and hash", () => {
    expect(twinUrl("/checkout", "?product=sanam", "#pay", "ar")).toBe("/ar/checkout?product=sanam#pay");
    expect(twinUrl("/ar/checkout", "?product=sanam", "", "en")).toBe("/checkout?product=sanam");
    expect(twinUrl("/ar", "", "", "en")).toBe("/");
  });

  it("reads Arabic right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});
