import { createHmac, timingSafeEqual } from "node:crypto";

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a compact JWT signed HS256 with `secret` (Tamara's `tamaraToken`) and answers its
 * claims, or null. Strict: the header must say HS256 (no `none`, no other algorithm), the
 * signature is compared in constant time, and `exp`/`nbf` are honoured when present (with a
 * minute of clock skew).
 */
export function verifyHs256Jwt(token: string, secret: string, now: Date = new Date()): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(signaturePart)) return null;
  const header = decodeJson(headerPart);
  if (!header || header.alg !== "HS256") return null;
  const expected = createHmac("sha256", secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodeJson(payloadPart);
  if (!claims) return null;
  const seconds = now.getTime() / 1000;
  const skew = 60;
  if (claims.exp !== undefined && (typeof claims.exp !== "number" || claims.exp + skew < seconds)) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf - skew > seconds)) return null;
  return claims;
}
