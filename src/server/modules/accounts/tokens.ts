import { createHash, randomBytes } from "node:crypto";

/** An opaque secret for a session or an e-mailed link: 32 random bytes (256 bits), base64url. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: tokenId(token) };
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table holds no usable token. */
export function tokenId(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
