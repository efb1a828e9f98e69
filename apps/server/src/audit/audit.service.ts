import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log: every read or change of patient data by a person, plus sign-in and sign-out. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async record(request: FastifyRequest | null, entry: AuditEntry, who?: { userId: string; username: string }): Promise<void> {
    const user = who ?? (request?.user ? { userId: request.user.userId, username: request.user.username } : null);
    await this.db.insert(auditLog).values({
      userId: user?.userId ?? null,
      username: user?.username ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      patientId: entry.patientId ?? null,
      ip: request?.ip ?? null,
      detail: entry.detail ?? null,
    });
  }
}
