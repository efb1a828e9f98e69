import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { branches, hospitalBuildings, hospitalDoctors, lookups, menuItems } from '../../db/schema/index';
import { readSetting } from '../../db/settings';

/**
 * SQL of the reference data the forms offer (menu, site settings, hospitals' doctors and buildings, lookups): the
 * uidata module owns those tables.
 */
export class UidataRepository {
  constructor(private readonly db: Database) {}

  menuItems() {
    return this.db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  }

  /** Every branch's image cache address (null for none). */
  async branchImageCacheUrls(): Promise<(string | null)[]> {
    return (await this.db.select({ url: branches.imageCacheUrl }).from(branches)).map((r) => r.url);
  }

  siteValue<T>(key: string): Promise<T | undefined> {
    return readSetting<T>(this.db, key);
  }

  async addHospitalDoctor(tx: Database, hospitalId: number, name: string): Promise<number> {
    const [row] = await tx.insert(hospitalDoctors).values({ hospitalId, name }).returning({ id: hospitalDoctors.id });
    return row!.id;
  }

  async addHospitalBuilding(tx: Database, hospitalId: number, name: string): Promise<number> {
    const [row] = await tx
      .insert(hospitalBuildings)
      .values({ hospitalId, name })
      .returning({ id: hospitalBuildings.id });
    return row!.id;
  }

  /** The lookup of this kind and name, made if it does not exist (two saves naming it at once get the same row). */
  async ensureLookup(tx: Database, kind: string, name: string): Promise<number> {
    await tx.insert(lookups).values({ kind, name }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.kind, kind), eq(lookups.name, name)));
    return row!.id;
  }
}
