import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signTamaraToken } from "./fake-server.ts";
import { verifyNotificationToken } from "./notification-token.ts";

const secret = "tamara-notification-token";
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = new Date("2025-06-11T10:00:00Z");
const seconds = now.getTime() / 1000;

describe("verifyNotificationToken (Tamara's tamaraToken)", () => {
  it("answers the claims of a token signed with the notification token", async () => {
    const token = await signTamaraToken(secret, { iat: seconds, exp: seconds + 3600, iss: "Tamara" });
    expect(await verifyNotificationToken(token, secret, now)).toEqual({
      iat: seconds,
      exp: seconds + 3600,
      iss: "Tamara",
    });
  });

  it("refuses another key, another algorithm, alg none, a tampered body, and an expired or future token", async () => {
    const claims = { iat: seconds, exp: seconds + 3600 };
    const refused = async (token: string) => expect(await verifyNotificationToken(token, secret, now)).toBeNull();
    await refused(await signTamaraToken("another-notification-token", claims));
    await refused(await signTamaraToken(secret, claims, "HS512"));
    await refused(`${encode({ alg: "none" })}.${encode(claims)}.`);
    const [head, , signature] = (await signTamaraToken(secret, claims)).split(".");
    await refused(`${head}.${encode({ ...claims, iss: "x" })}.${signature}`);
    await refused(await signTamaraToken(secret, { exp: seconds - 120 }));
    await refused(await signTamaraToken(secret, { nbf: seconds + 120 }));
    await refused("not.a.jwt");
    await refused("");
  });

  it("allows a minute of clock skew either way", async () => {
    const token = await new SignJWT({ exp: seconds - 30, nbf: seconds + 30 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(secret));
    expect(await verifyNotificationToken(token, secret, now)).not.toBeNull();
  });
});
