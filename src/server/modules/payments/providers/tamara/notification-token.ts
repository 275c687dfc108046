import { jwtVerify, type JWTPayload } from "jose";

/**
 * Tamara's `tamaraToken` (docs.tamara.co "transaction authorisation"): a JWT signed HS256 with the
 * merchant's notification token, sent with each notification. Checked by jose: HS256 only (never
 * `none` or another algorithm), the signature in constant time, and `exp`/`nbf` when present,
 * with a minute of clock skew. Answers the claims, or null for anything that is not such a token.
 */
export async function verifyNotificationToken(
  token: string,
  notificationToken: string,
  now: Date = new Date(),
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(notificationToken), {
      algorithms: ["HS256"],
      clockTolerance: 60,
      currentDate: now,
    });
    return payload;
  } catch {
    // Malformed, forged, expired or of another algorithm: all the same to the caller, not authentic.
    return null;
  }
}
