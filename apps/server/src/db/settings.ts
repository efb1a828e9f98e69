import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { siteConfig } from './schema/index';

/**
 * The site_config key-value table, the one place that writes it. Each key belongs to the part that names it (uidata's
 * site settings, the session secret of auth, the known DICOM peers); values are JSON.
 */
export async function readSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Sets the key's value, replacing what was there. */
export async function writeSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db.insert(siteConfig).values({ key, value }).onConflictDoUpdate({ target: siteConfig.key, set: { value } });
}

/** Sets the key's value unless it has one; answers the value that holds (the first writer wins a race). */
export async function settleSetting<T>(db: Database, key: string, value: T): Promise<T> {
  await db.insert(siteConfig).values({ key, value }).onConflictDoNothing();
  return (await readSetting<T>(db, key)) ?? value;
}
