import { describe, expect, it } from "vitest";
import { baseCsp, extendCsp, serializeCsp } from "./csp.ts";

describe("CSP", () => {
  const base = baseCsp({ styleHashes: ["'sha256-abc'"], https: false });

  it("is strict by default", () => {
    const header = serializeCsp(base);
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("frame-src 'none'");
    expect(header).toContain("style-src 'self' 'sha256-abc'");
    expect(header).not.toContain("unsafe-eval");
  });

  it("adds named origins to their directive only", () => {
    const header = serializeCsp(
      extendCsp(base, { "frame-src": ["https://pay.example"], "script-src": ["https://pay.example"] }),
    );
    expect(header).toContain("frame-src https://pay.example");
    expect(header).not.toContain("frame-src 'none'");
    expect(header).toContain("script-src 'self' https://pay.example");
    expect(header).toContain("connect-src 'self';");
  });

  it("refuses a source that would inject a directive", () => {
    expect(() => extendCsp(base, { "script-src": ["https://x; script-src *"] })).toThrow();
    expect(() => extendCsp(base, { "script-src x": ["https://x"] })).toThrow();
  });
});
