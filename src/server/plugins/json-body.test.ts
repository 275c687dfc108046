import { describe, expect, it } from "vitest";
import { exceedsDepth } from "./json-body.ts";

describe("exceedsDepth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(exceedsDepth('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(exceedsDepth('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(exceedsDepth('{"a":"[[[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(exceedsDepth("[".repeat(100_000), 32)).toBe(true);
  });
});
