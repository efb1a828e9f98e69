import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ExportLink } from '@rangsi/contract';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { exportLinks, patients } from '../../db/schema/index';
import { DomainError } from '../../http/domain-error';
import type { RequestsService } from './requests.service';

const DEFAULT_DAYS = 7;

/** Export film links (spec §3 Export link): an unguessable public address with an expiry and an optional PIN. */
export class RequestLinksService {
  constructor(
    private readonly db: Database,
    private readonly requests: RequestsService,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** POST /api/request/link/{id}: a new link; 144 random bits make the id impossible to guess. */
  async create(user: CurrentUser, requestId: string, origin: string, opts: { expiresInDays?: number; pin?: string } = {}): Promise<ExportLink> {
    const r = await this.requests.loadInScope(user, requestId);
    const id = randomBytes(18).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + (opts.expiresInDays ?? DEFAULT_DAYS) * 86_400_000);
    await this.db.insert(exportLinks).values({ id, requestId, createdBy: user.userId, expiresAt, pinHash: opts.pin ? await hashPassword(opts.pin) : null });
    await this.audit.record(null, { action: 'request.link.create', entityType: 'request', entityId: requestId, patientId: r.patientId, detail: { expiresAt: expiresAt.toISOString(), pin: Boolean(opts.pin) } }, { userId: user.userId, username: user.username });
    return this.shape(id, requestId, r.patientId, origin, expiresAt, Boolean(opts.pin));
  }

  /** GET /api/request/link/{id}: the newest link of the request that still works. */
  async current(user: CurrentUser, requestId: string, origin: string): Promise<ExportLink> {
    const r = await this.requests.loadInScope(user, requestId);
    const [row] = await this.db.select().from(exportLinks)
      .where(and(eq(exportLinks.requestId, requestId), isNull(exportLinks.revokedAt), gt(exportLinks.expiresAt, this.now())))
      .orderBy(desc(exportLinks.createdAt)).limit(1);
    if (!row) throw new DomainError(404, 'ยังไม่มีลิงก์สำหรับใบส่งตรวจนี้', 'LINK_NOT_FOUND');
    return this.shape(row.id, requestId, r.patientId, origin, row.expiresAt, Boolean(row.pinHash));
  }

  private async shape(linkId: string, requestId: string, patientId: string, origin: string, expiresAt: Date, hasPin: boolean): Promise<ExportLink> {
    const [p] = await this.db.select().from(patients).where(eq(patients.id, patientId)).limit(1);
    const url = `${origin}/link/${linkId}`;
    const patientName = p ? [`${p.prefixTh ?? ''}${p.firstNameTh}`, p.lastNameTh].filter(Boolean).join(' ') : '';
    // qrcode carries the text the QR encodes; the browser draws it (the web bundle already has a QR encoder).
    return { linkId, requestId, linkHostUrl: url, qrcode: url, patientName, expiresAt: expiresAt.toISOString(), hasPin };
  }
}
