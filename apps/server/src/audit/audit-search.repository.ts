import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditPage, AuditRow, AuditSearchQuery } from '@rangsi/contract';
import { bangkokDayStart } from '@rangsi/domain';
import type { Database } from '../db/client';
import { auditLog, patients, users } from '../db/schema/index';

export const AUDIT_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit search: filters and paging in SQL on the (patient_id, at) and (user_id, at) indexes (migration 0012). */
export class AuditSearch {
  constructor(private readonly db: Database) {}

  async search(q: AuditSearchQuery): Promise<AuditPage> {
    const where: SQL[] = [];
    if (q.patient) {
      const ids = UUID.test(q.patient)
        ? [q.patient]
        : (await this.db.select({ id: patients.id }).from(patients).where(eq(patients.hn, q.patient))).map((p) => p.id);
      if (!ids.length) return { rows: [], page: q.page, pageSize: AUDIT_PAGE_SIZE, total: 0 };
      where.push(eq(auditLog.patientId, ids[0]!));
    }
    if (q.user) {
      const ids = UUID.test(q.user)
        ? [q.user]
        : (await this.db.select({ id: users.id }).from(users).where(eq(users.username, q.user))).map((u) => u.id);
      // A user id, or a username no longer on file (rows keep the name they were written with).
      where.push(
        ids.length ? or(eq(auditLog.userId, ids[0]!), eq(auditLog.username, q.user))! : eq(auditLog.username, q.user),
      );
    }
    if (q.from) where.push(gte(auditLog.at, bangkokDayStart(q.from)));
    if (q.to) where.push(lt(auditLog.at, bangkokDayStart(q.to, 1)));
    const filter = where.length ? and(...where) : undefined;
    const [totalRow] = await this.db.select({ n: count() }).from(auditLog).where(filter);
    const rows = await this.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorType: auditLog.actorType,
        actorId: auditLog.actorId,
        username: auditLog.username,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        patientId: patients.id,
        hn: patients.hn,
        patientName: sql<string>`concat_ws(' ', ${patients.prefixTh}, ${patients.firstNameTh}, ${patients.lastNameTh})`,
      })
      .from(auditLog)
      .leftJoin(patients, eq(patients.id, auditLog.patientId))
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE);
    return {
      page: q.page,
      pageSize: AUDIT_PAGE_SIZE,
      total: totalRow?.n ?? 0,
      rows: rows.map((r): AuditRow => ({
        id: r.id,
        at: r.at.toISOString(),
        actorType: r.actorType as AuditRow['actorType'],
        actorId: r.actorId,
        username: r.username,
        action: r.action,
        entityType: r.entityType,
        entityId: r.entityId,
        ip: r.ip,
        userAgent: r.userAgent,
        patient: r.patientId ? { id: r.patientId, hn: r.hn!, name: r.patientName } : null,
      })),
    };
  }
}
