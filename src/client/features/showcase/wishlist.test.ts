import { describe, expect, it } from "vitest";
import { formatDuration } from "./wishlist.ts";

describe("formatDuration", () => {
  it("writes minutes and seconds in the page's digits", () => {
    expect(formatDuration(94, "en")).toBe("1:34");
    expect(formatDuration(9, "en")).toBe("0:09");
    expect(formatDuration(94, "ar")).toBe("١:٣٤");
  });
});
