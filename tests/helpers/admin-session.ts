import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sessions, users } from "#server/db/schema.ts";

export type TestUser = { id: string; email: string; firstName: string; lastName: string; token: string };

let serial = 0;

/**
 * Inserts an account and a signed-in session for it straight into the database (the way the
 * accounts module stores them: the session id is the SHA-256 hex of the opaque token), and
 * returns the token to send as `Authorization: Bearer <token>`.
 */
export async function createSignedInUser(
  app: FastifyInstance,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  serial += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `user${serial}-${randomBytes(3).toString("hex")}@example.sa`,
      firstName: "Test",
      lastName: `User ${serial}`,
      country: "Saudi Arabia",
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash",
      ...fields,
    })
    .returning();
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await app.db.insert(sessions).values({
    id: createHash("sha256").update(token).digest("hex"),
    userId: user!.id,
    idleExpiresAt: new Date(now + 3600_000),
    expiresAt: new Date(now + 86_400_000),
  });
  return { id: user!.id, email: user!.email, firstName: user!.firstName, lastName: user!.lastName, token };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
