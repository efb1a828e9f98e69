import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  additionalFields,
  hospitalBuildings,
  hospitalDoctors,
  hospitalPrivileges,
  hospitals,
  lookups,
  modalities,
  modalityAdditionalFields,
  privilegePrices,
  products,
  siteConfig,
  users,
} from '../../db/schema/index';

/** SQL of the request form's lookups: hospitals and what hangs off them, the lists, the products and fields. */
export class RequestConditionRepository {
  constructor(private readonly db: Database) {}

  activeHospitals() {
    return this.db.select().from(hospitals).where(eq(hospitals.isActive, true)).orderBy(asc(hospitals.id));
  }

  /** Everything the form lists, for these hospitals (their privileges, doctors and buildings) and for all. */
  async lists(hospitalIds: number[]) {
    const ids = hospitalIds.length ? hospitalIds : [-1];
    const [privileges, doctors, buildings, looks, mods, prods, fields, modalityFields, technicians, config] =
      await Promise.all([
        this.db
          .select()
          .from(hospitalPrivileges)
          .where(inArray(hospitalPrivileges.hospitalId, ids))
          .orderBy(asc(hospitalPrivileges.id)),
        this.db
          .select()
          .from(hospitalDoctors)
          .where(inArray(hospitalDoctors.hospitalId, ids))
          .orderBy(asc(hospitalDoctors.name)),
        this.db
          .select()
          .from(hospitalBuildings)
          .where(inArray(hospitalBuildings.hospitalId, ids))
          .orderBy(asc(hospitalBuildings.name)),
        this.db
          .select()
          .from(lookups)
          .where(eq(lookups.isActive, true))
          .orderBy(asc(lookups.sortOrder), asc(lookups.id)),
        this.db.select().from(modalities).orderBy(asc(modalities.sortOrder)),
        this.db.select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.id)),
        this.db.select().from(additionalFields).orderBy(asc(additionalFields.orderNumber)),
        this.db.select().from(modalityAdditionalFields),
        this.db
          .select({ id: users.id, name: users.displayName, branchId: users.branchId })
          .from(users)
          .where(eq(users.roleName, 'Staff'))
          .orderBy(asc(users.displayName)),
        this.db.select().from(siteConfig).where(eq(siteConfig.key, 'requestForm')),
      ]);
    return { privileges, doctors, buildings, looks, mods, prods, fields, modalityFields, technicians, config };
  }

  async hospital(id: number) {
    const [row] = await this.db.select().from(hospitals).where(eq(hospitals.id, id)).limit(1);
    return row;
  }

  async privilege(id: number) {
    const [row] = await this.db.select().from(hospitalPrivileges).where(eq(hospitalPrivileges.id, id)).limit(1);
    return row;
  }

  privilegePrices(privilegeId: number) {
    return this.db
      .select()
      .from(privilegePrices)
      .where(eq(privilegePrices.privilegeId, privilegeId))
      .orderBy(asc(privilegePrices.productId));
  }
}
