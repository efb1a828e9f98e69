import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/current-user';
import type { Database } from '../db/client';
import { auditContext } from './audit-context';
import { AuditRepository } from './audit.repository';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  detail?: Record<string, unknown>;
  /**
   * Repeated reads of the same thing by the same actor within the dedupe window write one row (a viewer loading
   * 300 frames of one exam is one read): see docs/decisions/sec11-audit-read-dedupe.md.
   */
  dedupe?: boolean;
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
  if (user.credential)
    return { type: 'system', id: user.credential.name, userId: null, username: user.credential.name };
  if (user.token?.purpose === 'link') return { type: 'link', id: user.token.linkId, userId: null, username: null };
  if (user.token) return { type: 'token', id: user.token.purpose, userId: user.userId, username: user.username };
  return { type: 'person', id: null, userId: user.userId, username: user.username };
}

/** Minutes within which the same actor reading the same thing again writes no new row. */
export const AUDIT_DEDUPE_MS = 10 * 60 * 1000;
const DEDUPE_MAX_KEYS = 50_000;

/** Appends to the audit log: every read or change of patient data by a person, plus sign-in and sign-out. */
export class AuditService {
  /** Last time each (actor, action, entity) deduped read was written; bounded, oldest dropped first. */
  private readonly recent = new Map<string, number>();
  private readonly repo: AuditRepository;

  constructor(
    db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.repo = new AuditRepository(db);
  }

  async record(
    request: FastifyRequest | null,
    entry: AuditEntry,
    who?: { userId: string; username: string } | AuditActor,
  ): Promise<void> {
    let actor: AuditActor | null = who
      ? 'type' in who
        ? who
        : { type: 'person', id: null, userId: who.userId, username: who.username }
      : actorOf(request?.user ?? null);
    const ctx = auditContext.getStore();
    if (ctx) ctx.recorded = true;
    const caller = ctx?.caller?.() ?? request?.user;
    if (caller?.credential) actor = actorOf(caller);
    if (entry.dedupe && !this.isFresh(actor, entry)) return;
    const userAgent = request ? headerText(request.headers['user-agent']) : (ctx?.userAgent ?? null);
    await this.repo.append({
      userId: actor?.userId ?? null,
      username: actor?.username ?? null,
      actorType: actor?.type ?? 'person',
      actorId: actor?.id ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      patientId: entry.patientId ?? null,
      ip: request?.ip ?? ctx?.ip ?? null,
      userAgent,
      detail: entry.detail ?? null,
    });
  }

  /** False when this actor read this entity the same way within the dedupe window (and marks it read now otherwise). */
  isFresh(actor: AuditActor | null, entry: Pick<AuditEntry, 'action' | 'entityType' | 'entityId'>): boolean {
    const key = [actor?.type, actor?.userId ?? actor?.id, entry.action, entry.entityType, entry.entityId].join('|');
    const now = this.clock().getTime();
    const last = this.recent.get(key);
    if (last !== undefined && now - last < AUDIT_DEDUPE_MS) return false;
    this.recent.delete(key);
    this.recent.set(key, now);
    if (this.recent.size > DEDUPE_MAX_KEYS) this.recent.delete(this.recent.keys().next().value!);
    return true;
  }
}

/** A header as bounded text (user agents are client-supplied). */
export function headerText(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s ? s.slice(0, 300) : null;
}
