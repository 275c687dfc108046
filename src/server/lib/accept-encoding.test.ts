import { describe, expect, it } from "vitest";
import { etagMatches, pickEncoding } from "./accept-encoding.ts";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, then the bytes as they are", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("deflate")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("")).toBe("identity");
  });

  it("honours q-values, refusals and the wildcard", () => {
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0, identity")).toBe("identity");
    expect(pickEncoding("x-gzip")).toBe("gzip");
    expect(pickEncoding("identity;q=0, gzip;q=0")).toBe("identity");
  });

  it("keeps brotli first among equals whatever the header's order, and reads names in any case", () => {
    expect(pickEncoding("gzip;q=0.8, br;q=0.8")).toBe("br");
    expect(pickEncoding("GZIP, BR")).toBe("br");
    expect(pickEncoding("gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding(["gzip", "br"])).toBe("br");
  });
});

describe("etagMatches", () => {
  it("matches one tag, a list, weak tags and *", () => {
    expect(etagMatches('"a-br"', '"a-br"')).toBe(true);
    expect(etagMatches('"x", W/"a-br"', '"a-br"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"a"', '"a-br"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
