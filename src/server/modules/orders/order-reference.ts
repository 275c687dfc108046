import { randomBytes } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** An order reference as the buyer quotes it: `ORD-` and 8 base32 characters (40 random bits), upper case. */
export function newOrderReference(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = "";
  for (let i = 7; i >= 0; i--) text += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return `ORD-${text}`;
}

/** The spec's `paymentIntentId`: 32 random bytes, base64url; whoever holds it may confirm the payment. */
export function newPaymentIntentId(): string {
  return randomBytes(32).toString("base64url");
}
