/**
 * The ZATCA phase-1 QR payload of a simplified tax invoice (decision 0021): the
 * base64 of five TLV fields, each `tag (1 byte) | length (1 byte, of the UTF-8 value) | value`:
 * 1 seller's name, 2 VAT number, 3 timestamp (ISO 8601), 4 total with VAT, 5 VAT total.
 */
export type ZatcaFields = {
  sellerName: string;
  vatNumber: string;
  timestamp: Date;
  totalHalalas: number;
  vatHalalas: number;
};

/** Halalas as the invoice prints riyals: "422.00". */
export function riyals(halalas: number): string {
  return (halalas / 100).toFixed(2);
}

export function encodeZatcaQr(fields: ZatcaFields): string {
  const values = [
    fields.sellerName,
    fields.vatNumber,
    fields.timestamp.toISOString().replace(/\.\d{3}Z$/, "Z"),
    riyals(fields.totalHalalas),
    riyals(fields.vatHalalas),
  ];
  const parts = values.map((value, index) => {
    const bytes = Buffer.from(value, "utf8");
    if (bytes.length > 255) throw new RangeError(`ZATCA QR field ${index + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString("base64");
}

/** Walks the TLV triples back (tests, and anyone checking an invoice). */
export function decodeZatcaQr(payload: string): Map<number, string> {
  const bytes = Buffer.from(payload, "base64");
  const fields = new Map<number, string>();
  let offset = 0;
  while (offset + 2 <= bytes.length) {
    const tag = bytes[offset]!;
    const length = bytes[offset + 1]!;
    fields.set(tag, bytes.subarray(offset + 2, offset + 2 + length).toString("utf8"));
    offset += 2 + length;
  }
  return fields;
}
