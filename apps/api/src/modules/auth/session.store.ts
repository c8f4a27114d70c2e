import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TRole, TSessionFace } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sessions } from './auth.table.ts';

export type Session = {
  id: number;
  /** The wire role (spec: occupant, partner, woco, administrator): what the web routes by, never what the server decides by. */
  role: TRole;
  /** Where the session may go (packages/contract/src/permissions.ts); routes accept only their own faces. */
  face: TSessionFace;
  userId: number | null;
  occupantId: number | null;
  addressId: number | null;
  customerId: number | null;
  /** A staff member acting for the address (face 'acting'): the spec's is_admin. */
  isAdmin: boolean;
  expiresAt: number;
};

export type NewSession = Omit<Session, 'id' | 'expiresAt' | 'isAdmin'>;

const toSession = (row: typeof sessions.$inferSelect): Session => ({
  id: row.id, role: row.role, face: row.face, userId: row.userId, occupantId: row.occupantId, addressId: row.addressId,
  customerId: row.customerId, isAdmin: row.face === 'acting', expiresAt: row.expiresAt.getTime(),
});

/**
 * Sessions behind opaque bearer tokens. Resolved sessions are kept in memory; a revocation is announced
 * to every process through the invalidation bus and is refused at once everywhere.
 */
export function createSessionStore(db: Db, bus: InvalidationBus, options: { days: number }) {
  const cache = new Map<string, Session>();
  const byOccupant = (occupantId: string) => {
    for (const [hash, s] of cache) if (String(s.occupantId) === occupantId) cache.delete(hash);
  };
  const byUser = (userId: string) => {
    for (const [hash, s] of cache) if (String(s.userId) === userId) cache.delete(hash);
  };
  bus.subscribe('session', (hash) => cache.delete(hash), () => cache.clear());
  bus.subscribe('session-occupant', byOccupant, () => cache.clear());
  bus.subscribe('session-user', byUser, () => cache.clear());

  return {
    async issue(input: NewSession): Promise<string> {
      const token = newToken();
      const expiresAt = new Date(Date.now() + options.days * 86_400_000);
      await db.insert(sessions).values({ ...input, tokenHash: hashToken(token), expiresAt });
      return token;
    },

    async resolve(token: string): Promise<Session | null> {
      const hash = hashToken(token);
      const hit = cache.get(hash);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit;
        cache.delete(hash);
        return null;
      }
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      if (!row) return null;
      const session = toSession(row);
      if (cache.size > 100_000) cache.clear();
      cache.set(hash, session);
      return session;
    },

    /**
     * A live session by its id, for a signed download link that names it (modules/files/file-links.ts):
     * null once it is revoked or expired. Read from the database, so a logout ends its links at once.
     */
    async findLive(id: number): Promise<Session | null> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ? toSession(row) : null;
    },

    async revoke(token: string): Promise<void> {
      const hash = hashToken(token);
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hash));
      await bus.publish('session', hash);
    },

    /** After a password change or removal: every session of this person ends. */
    async revokeOccupant(occupantId: number): Promise<void> {
      await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.occupantId, occupantId), isNull(sessions.revokedAt)));
      await bus.publish('session-occupant', occupantId);
    },

    async revokeUser(userId: number): Promise<void> {
      await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await bus.publish('session-user', userId);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
