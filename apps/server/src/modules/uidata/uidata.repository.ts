import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { menuItems, siteConfig } from '../../db/schema/index';

/** SQL for the UI data lookups. */
export class UidataRepository {
  constructor(private readonly db: Database) {}

  menuItems() {
    return this.db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  }

  async siteValue<T>(key: string): Promise<T | undefined> {
    const [row] = await this.db.select().from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
    return row?.value as T | undefined;
  }
}
