import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AuditPageSchema,
  AuditSearchQuerySchema,
  envelope,
  type AuditPage,
  type AuditRow,
  type AuditSearchQuery,
} from '@rangsi/contract';
import type { Database } from '../db/client';
import { auditLog, patients, users } from '../db/schema/index';

export const AUDIT_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Days are the clinic's (Asia/Bangkok, no daylight saving): 2026-11-29 runs from 2026-11-28T17:00Z. */
const DAY_START = (day: string) => new Date(`${day}T00:00:00+07:00`);

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
    if (q.from) where.push(gte(auditLog.at, DAY_START(q.from)));
    if (q.to) where.push(lt(auditLog.at, new Date(DAY_START(q.to).getTime() + 24 * 3600 * 1000)));
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

/** GET /api/audit: the administrator's search of who read or changed patient data (permission AUDIT). */
export function auditRoutes(search: AuditSearch) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/audit',
      {
        // Scope 'none': the audit log is not patient data filtered by a data scope; AUDIT sees all of it.
        config: { access: { permission: 'AUDIT', scope: 'none' } },
        schema: { querystring: AuditSearchQuerySchema, response: { 200: envelope(AuditPageSchema) }, tags: ['audit'] },
      },
      async (req) => ({ success: true, data: await search.search(req.query) }),
    );
  };
}
