import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { sessions, users } from "#server/db/schema/accounts.ts";
import { newToken, tokenId } from "./tokens.ts";

/**
 * Session lifetimes (DESIGN D6, decision 14). A session ends after two weeks without use or a
 * month after sign-in, whichever comes first. Use pushes the idle deadline forward, but at most
 * once per `touchEveryMs`, so a busy visitor does not cost a write per request.
 */
export const SESSION_POLICY = {
  idleMs: 14 * 24 * 60 * 60 * 1000,
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
  touchEveryMs: 5 * 60 * 1000,
} as const;

/** Who a valid session belongs to, as the routes see them. */
export type SessionUser = {
  sessionId: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
};

/** Opens a session for a user; returns the token to hand to the client (never stored). */
export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | undefined,
  now = new Date(),
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const { token, id } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_POLICY.absoluteMs);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(Math.min(now.getTime() + SESSION_POLICY.idleMs, expiresAt.getTime())),
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, sessionId: id, expiresAt };
}

/**
 * The user behind a token, or null when the session is unknown, expired (idle or absolute) or
 * the account is disabled. One indexed read; a write only when the idle deadline is due to move.
 */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  const id = tokenId(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isAdmin: users.isAdmin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, id), gt(sessions.idleExpiresAt, now), gt(sessions.expiresAt, now), isNull(users.disabledAt)),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_POLICY.touchEveryMs) {
    const idleExpiresAt = new Date(Math.min(now.getTime() + SESSION_POLICY.idleMs, row.expiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, id));
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isAdmin: row.isAdmin,
  };
}

/** Ends one session (sign-out). Unknown tokens are fine: the result is the same. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keep` (the one that changed the password). */
export async function endUserSessions(db: Db, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Removes sessions past either deadline (the purge job). */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(sessions)
    .where(or(lt(sessions.idleExpiresAt, now), lt(sessions.expiresAt, now)))
    .returning({ id: sql<string>`1` });
  return purged.length;
}
