import { describe, expect, it } from "vitest";
import { depthScanner, exceedsDepth } from "./json-body.ts";

describe("exceedsDepth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(exceedsDepth('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(exceedsDepth('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(exceedsDepth('{"a":"[[[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(exceedsDepth("[".repeat(100_000), 32)).toBe(true);
  });
});

describe("depthScanner", () => {
  it("keeps its place across chunks, inside a string and after an escape", () => {
    const body = Buffer.from('{"a":"x\\"[[[[","b":[[1]]}');
    for (let cut = 1; cut < body.length; cut++) {
      const scan = depthScanner(3);
      expect(scan(body.subarray(0, cut)) || scan(body.subarray(cut))).toBe(false);
    }
    const tooDeep = depthScanner(2);
    expect(tooDeep(Buffer.from('{"a":'))).toBe(false);
    expect(tooDeep(Buffer.from("[[1]]}"))).toBe(true);
  });
});
