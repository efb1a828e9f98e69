import { inArray } from 'drizzle-orm';
import { verifyPassword } from '../auth/password';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_PASSWORD, USERS } from './data/organization';

/**
 * True when a demo account still has the published demo password (README): such a server must not be reachable from
 * the network unless someone chose so with HOST (SEC80). One verification per distinct hash (the seed shares one).
 */
export async function demoLoginsInUse(db: Database): Promise<boolean> {
  const rows = await db
    .selectDistinct({ hash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        USERS.map((u) => u.username),
      ),
    );
  for (const { hash } of rows) if (await verifyPassword(hash, DEMO_PASSWORD).catch(() => false)) return true;
  return false;
}
