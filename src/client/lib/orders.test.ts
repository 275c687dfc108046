import { describe, expect, it } from "vitest";
import { invoiceLink, orderLink, readOrderFragment } from "./orders.ts";

describe("order links (the token rides in the fragment, never to a server log)", () => {
  it("writes and reads #ref=…&access=…", () => {
    const link = orderLink("/ar/orders", "NWT-2025-000123", "tok/en+=");
    expect(link).toBe("/ar/orders#ref=NWT-2025-000123&access=tok%2Fen%2B%3D");
    expect(readOrderFragment(link.slice(link.indexOf("#")))).toEqual({
      reference: "NWT-2025-000123",
      accessToken: "tok/en+=",
    });
    expect(invoiceLink("/orders", "R1", "a")).toBe("/orders/invoice#ref=R1&access=a");
  });

  it("reads the reference alone (the owner's link), and nothing without a reference", () => {
    expect(orderLink("/orders", "R1")).toBe("/orders#ref=R1");
    expect(readOrderFragment("#ref=R1")).toEqual({ reference: "R1" });
    expect(readOrderFragment("")).toBeNull();
    expect(readOrderFragment("#access=a")).toBeNull();
  });
});
