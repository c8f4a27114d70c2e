import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../modules/auth/auth.table.ts';

/**
 * Server-wide random secrets (HMAC keys), made on first use and kept in the database, so that every
 * server process signs and checks with the same key. Read once per process.
 */
export function createSecrets(db: Db) {
  const cache = new Map<string, Promise<Buffer>>();
  async function load(name: string): Promise<Buffer> {
    await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`secret ${name} missing`);
    return Buffer.from(row.value, 'base64url');
  }
  return {
    /** The secret called `name` (32 random bytes). */
    get(name: string): Promise<Buffer> {
      let found = cache.get(name);
      if (!found) {
        found = load(name);
        found.catch(() => cache.delete(name));
        cache.set(name, found);
      }
      return found;
    },
  };
}
export type Secrets = ReturnType<typeof createSecrets>;
