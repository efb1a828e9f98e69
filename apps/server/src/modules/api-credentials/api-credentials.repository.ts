import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiCredentials, branches, hospitals, users } from '../../db/schema/index';

const hospitalBranch = alias(branches, 'hospital_branch');

export type NewApiCredential = Pick<
  typeof apiCredentials.$inferInsert,
  'keyId' | 'secretHash' | 'name' | 'roleName' | 'scopeKind' | 'branchId' | 'hospitalId' | 'createdBy'
>;

/** SQL of the API credentials (the module owns api_credentials; branches and hospitals are read for names). */
export class ApiCredentialsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewApiCredential): Promise<string> {
    const [row] = await this.db.insert(apiCredentials).values(values).returning({ id: apiCredentials.id });
    return row!.id;
  }

  /** Every credential for the list, newest first, with its scope's name and its maker's username. */
  list(id?: string) {
    return this.db
      .select({
        id: apiCredentials.id,
        name: apiCredentials.name,
        keyId: apiCredentials.keyId,
        roleName: apiCredentials.roleName,
        scopeKind: apiCredentials.scopeKind,
        branchId: apiCredentials.branchId,
        hospitalId: apiCredentials.hospitalId,
        branchName: branches.name,
        hospitalName: hospitals.name,
        createdAt: apiCredentials.createdAt,
        createdBy: users.username,
        lastUsedAt: apiCredentials.lastUsedAt,
        revokedAt: apiCredentials.revokedAt,
      })
      .from(apiCredentials)
      .leftJoin(branches, eq(branches.id, apiCredentials.branchId))
      .leftJoin(hospitals, eq(hospitals.id, apiCredentials.hospitalId))
      .leftJoin(users, eq(users.id, apiCredentials.createdBy))
      .where(id ? eq(apiCredentials.id, id) : undefined)
      .orderBy(desc(apiCredentials.createdAt), asc(apiCredentials.name));
  }

  /**
   * What a call's check needs, by the key id (a unique index): one indexed lookup per call, revoked rows included so
   * a revoked credential's right secret is told apart from a guess.
   */
  async findByKeyId(keyId: string) {
    const [row] = await this.db
      .select({
        id: apiCredentials.id,
        keyId: apiCredentials.keyId,
        secretHash: apiCredentials.secretHash,
        name: apiCredentials.name,
        roleName: apiCredentials.roleName,
        scopeKind: apiCredentials.scopeKind,
        branchId: apiCredentials.branchId,
        hospitalId: apiCredentials.hospitalId,
        hospitalBranchId: hospitals.branchId,
        branchName: branches.name,
        hospitalBranchName: hospitalBranch.name,
        createdBy: apiCredentials.createdBy,
        revokedAt: apiCredentials.revokedAt,
      })
      .from(apiCredentials)
      .leftJoin(branches, eq(branches.id, apiCredentials.branchId))
      .leftJoin(hospitals, eq(hospitals.id, apiCredentials.hospitalId))
      .leftJoin(hospitalBranch, eq(hospitalBranch.id, hospitals.branchId))
      .where(eq(apiCredentials.keyId, keyId))
      .limit(1);
    return row;
  }

  async touch(id: string, at: Date, ip: string | null): Promise<void> {
    await this.db.update(apiCredentials).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiCredentials.id, id));
  }

  /** Revokes a live credential; false when there is none with this id or it was already revoked. */
  async revoke(id: string, by: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiCredentials)
      .set({ revokedAt: at, revokedBy: by })
      .where(and(eq(apiCredentials.id, id), isNull(apiCredentials.revokedAt)))
      .returning({ id: apiCredentials.id });
    return rows.length > 0;
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: apiCredentials.id }).from(apiCredentials).where(eq(apiCredentials.id, id));
    return Boolean(row);
  }

  branches() {
    return this.db.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.id));
  }

  activeHospitals() {
    return this.db
      .select({ id: hospitals.id, name: hospitals.name, branchId: hospitals.branchId })
      .from(hospitals)
      .where(eq(hospitals.isActive, true))
      .orderBy(asc(hospitals.name));
  }
}
