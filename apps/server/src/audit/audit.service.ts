import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  detail?: Record<string, unknown>;
}

/** Who acted, as the audit log records it (ARCHITECTURE §4: attributed to who really acted). */
export interface AuditActor {
  type: 'person' | 'token' | 'link' | 'system';
  /** The link id for a film link, the token's purpose for a person's token, the credential's name for the system. */
  id: string | null;
  userId: string | null;
  username: string | null;
}

/** The actor behind a request's caller: a film link acts as itself, never as the person who made it. */
export function actorOf(user: CurrentUser | null): AuditActor | null {
  if (!user) return null;
  if (user.token?.purpose === 'link') return { type: 'link', id: user.token.linkId, userId: null, username: null };
  if (user.token) return { type: 'token', id: user.token.purpose, userId: user.userId, username: user.username };
  return { type: 'person', id: null, userId: user.userId, username: user.username };
}

/** Appends to the audit log: every read or change of patient data by a person, plus sign-in and sign-out. */
export class AuditService {
  constructor(private readonly db: Database) {}

  async record(request: FastifyRequest | null, entry: AuditEntry, who?: { userId: string; username: string } | AuditActor): Promise<void> {
    const actor: AuditActor | null = who
      ? ('type' in who ? who : { type: 'person', id: null, userId: who.userId, username: who.username })
      : actorOf(request?.user ?? null);
    await this.db.insert(auditLog).values({
      userId: actor?.userId ?? null,
      username: actor?.username ?? null,
      actorType: actor?.type ?? 'person',
      actorId: actor?.id ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      patientId: entry.patientId ?? null,
      ip: request?.ip ?? null,
      detail: entry.detail ?? null,
    });
  }
}
