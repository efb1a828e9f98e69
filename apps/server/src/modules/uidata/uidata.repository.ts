import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hospitalBuildings, hospitalDoctors, lookups, menuItems, siteConfig } from '../../db/schema/index';

/**
 * SQL of the reference data the forms offer (menu, site settings, hospitals' doctors and buildings, lookups): the
 * uidata module owns those tables.
 */
export class UidataRepository {
  constructor(private readonly db: Database) {}

  menuItems() {
    return this.db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  }

  async siteValue<T>(key: string): Promise<T | undefined> {
    const [row] = await this.db.select().from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
    return row?.value as T | undefined;
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
