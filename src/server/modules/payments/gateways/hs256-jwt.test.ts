import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyHs256Jwt } from "./hs256-jwt.ts";

const secret = "tamara-notification-token";
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function sign(header: unknown, claims: unknown, key = secret): string {
  const head = `${encode(header)}.${encode(claims)}`;
  return `${head}.${createHmac("sha256", key).update(head).digest("base64url")}`;
}
const now = new Date("2025-06-11T10:00:00Z");
const seconds = now.getTime() / 1000;

describe("verifyHs256Jwt (Tamara's tamaraToken)", () => {
  it("answers the claims of a token signed with the notification token", () => {
    const token = sign({ alg: "HS256", typ: "JWT" }, { iat: seconds, exp: seconds + 3600, iss: "Tamara" });
    expect(verifyHs256Jwt(token, secret, now)).toEqual({ iat: seconds, exp: seconds + 3600, iss: "Tamara" });
  });

  it("refuses another key, another algorithm, alg none, a tampered body, and an expired or future token", () => {
    const claims = { iat: seconds, exp: seconds + 3600 };
    expect(verifyHs256Jwt(sign({ alg: "HS256" }, claims, "other-key"), secret, now)).toBeNull();
    expect(verifyHs256Jwt(sign({ alg: "HS512" }, claims), secret, now)).toBeNull();
    expect(verifyHs256Jwt(`${encode({ alg: "none" })}.${encode(claims)}.`, secret, now)).toBeNull();
    const [head, , signature] = sign({ alg: "HS256" }, claims).split(".");
    expect(verifyHs256Jwt(`${head}.${encode({ ...claims, iss: "x" })}.${signature}`, secret, now)).toBeNull();
    expect(verifyHs256Jwt(sign({ alg: "HS256" }, { exp: seconds - 120 }), secret, now)).toBeNull();
    expect(verifyHs256Jwt(sign({ alg: "HS256" }, { nbf: seconds + 120 }), secret, now)).toBeNull();
    expect(verifyHs256Jwt("not.a.jwt", secret, now)).toBeNull();
    expect(verifyHs256Jwt("", secret, now)).toBeNull();
  });
});
