import { describe, expect, it } from "vitest";
import { decodeZatcaQr, encodeZatcaQr } from "./zatca-qr.ts";

describe("ZATCA phase-1 QR payload", () => {
  it("decodes back to the five fields in order, Arabic seller name included", () => {
    const payload = encodeZatcaQr({
      sellerName: "استوديو نواة لتصميم المنتجات",
      vatNumber: "310122393500003",
      timestamp: new Date("2026-11-23T10:15:30.123Z"),
      totalHalalas: 42_200,
      vatHalalas: 5_504,
    });
    const fields = decodeZatcaQr(payload);
    expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(fields.get(1)).toBe("استوديو نواة لتصميم المنتجات");
    expect(fields.get(2)).toBe("310122393500003");
    expect(fields.get(3)).toBe("2026-11-23T10:15:30Z");
    expect(fields.get(4)).toBe("422.00");
    expect(fields.get(5)).toBe("55.04");
    expect(payload.length).toBeLessThanOrEqual(700);
  });

  it("writes each length as the UTF-8 byte count, not the character count", () => {
    const payload = encodeZatcaQr({
      sellerName: "نواة",
      vatNumber: "3",
      timestamp: new Date(0),
      totalHalalas: 1,
      vatHalalas: 0,
    });
    const bytes = Buffer.from(payload, "base64");
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(8); // four Arabic letters, two bytes each
  });
});
