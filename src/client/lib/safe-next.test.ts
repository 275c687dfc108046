import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/ar/account")).toBe("/ar/account");
    expect(safeNextPath("/checkout?product=sanam#pay")).toBe("/checkout?product=sanam#pay");
  });

  it.each([
    ["nothing", null],
    ["empty", ""],
    ["absolute URL", "https://evil.example/"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslash later", "/a\\..\\\\evil.example"],
    ["scheme", "javascript:alert(1)"],
    ["relative", "account"],
    ["tab inside", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
  ])("refuses %s", (_name, next) => {
    expect(safeNextPath(next)).toBeUndefined();
  });
});
