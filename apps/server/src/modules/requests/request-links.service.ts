import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ExportLink } from '@rangsi/contract';
import type { AuditActor, AuditService } from '../../audit/audit.service';
import type { AuthService } from '../../auth/auth.service';
import type { CurrentUser } from '../../auth/current-user';
import type { TokenService } from '../../auth/token.service';
import { hashPassword, verifyPassword } from '../../auth/password';
import { AttemptLimiter, type AttemptPolicy } from '../../http/attempt-limiter';
import { authError } from '../../auth/auth.errors';
import { requestError } from './requests.errors';
import type { RequestLinksRepository } from './request-links.repository';
import type { RequestsService } from './requests.service';

const DEFAULT_DAYS = 7;

/** What the public /link/{linkId} page shows. */
export interface PublicLink {
  patientName: string;
  expiresAt: string;
  exams: {
    modalityCode: string;
    accessionNumber: string | null;
    examDate: string;
    description: string;
    hasImage: boolean;
    thumbnailUrl: string | null;
    /**
     * The exam's images for the page's own viewer and download, all through one token of the link's (decision rq12):
     * the token, the exam's series list (each series' instances and rendered images follow from it), and the export zip
     * (check, then download; DICOMDIR inside). Null when the exam has no stored images.
     */
    images: { token: string; seriesUrl: string; exportCheckUrl: string; exportUrl: string } | null;
    /** The released report's PDF (latest version, not waiting for audit or rejected), by a signed address; null when none. */
    reportUrl: string | null;
  }[];
}

/** How the public page reaches a report PDF: an address signed with this secret, printed for the link's principal. */
export interface LinkReportAccess {
  secret: string;
  pdf(
    principal: CurrentUser,
    examId: string,
    finishedReportId: string,
  ): Promise<{ stream: Readable; fileName: string }>;
}

/**
 * How the page finds an exam's thumbnail: the exams module's series list, read as the link (its stored studies, whatever
 * their UIDs; the exam's planned Study Instance UID is not always the one the images came with).
 */
export interface LinkImageAccess {
  firstThumbnail(principal: CurrentUser, examId: string): Promise<string | null>;
}

/** What the links service needs of authentication: the link's maker as they are now, and the link's own tokens. */
export interface LinkAuth {
  users: Pick<AuthService, 'userById'>;
  tokens: Pick<TokenService, 'issueForLink' | 'linkPrincipal'>;
}

/** The permission a maker needs for their links to keep working (the one that let them make it). */
const SHARE_PERMISSION = 'REQUEST_EXPORT';

/** The audit actor of a public call: the link itself, never the person who made it (id null when unknown). */
const asLink = (linkId: string | null): AuditActor => ({ type: 'link', id: linkId, userId: null, username: null });

/** A report address stays valid this long after the page was opened (and never past the link). */
const REPORT_URL_TTL_MS = 2 * 3_600_000;
const UNRELEASED = new Set(['WaitingForAudit', 'Rejected']);

/**
 * Wrong film-link PINs (decision sec42): per link a growing delay after 5 and an hour's refusal after 20 (a 4-6 digit
 * PIN cannot be walked through); per address over all links a delay after 10 and an hour's refusal after 30.
 */
export const LINK_PIN_POLICIES = {
  link: {
    free: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 5 * 60_000,
    lockAfter: 20,
    lockMs: 60 * 60_000,
    windowMs: 60 * 60_000,
  },
  address: {
    free: 10,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * 60_000,
    lockAfter: 30,
    lockMs: 60 * 60_000,
    windowMs: 60 * 60_000,
  },
} satisfies Record<string, AttemptPolicy>;

/** Export film links (spec §3 Export link): an unguessable public address with an expiry and an optional PIN. */
export class RequestLinksService {
  constructor(
    private readonly repo: RequestLinksRepository,
    private readonly requests: RequestsService,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
    /** Mints the link's own tokens and checks its maker; without it the page shows no images (tests of the data only). */
    private readonly auth: LinkAuth | null = null,
    private readonly reports: LinkReportAccess | null = null,
    /** Counts wrong PINs per link and per address (decision sec42). */
    private readonly attempts: AttemptLimiter = new AttemptLimiter(now),
    private readonly images: LinkImageAccess | null = null,
  ) {}

  /**
   * Whether a link's tokens still work: the link is neither revoked nor expired, its request is not deleted, and its
   * maker may still share that request (decision rq12: a token opens what the link shares, never more than its maker
   * may share now).
   */
  async isLive(linkId: string): Promise<boolean> {
    if (!(await this.repo.isLive(linkId, this.now()))) return false;
    const link = await this.repo.link(linkId);
    return Boolean(link) && (await this.makerMayShare(link!));
  }

  /**
   * A link shares only what its maker may still share: the maker is active, holds the export right, and the request is
   * in their data scope now (a maker who left, or moved to another hospital, no longer shows anything).
   */
  private async makerMayShare(link: { createdBy: string | null; requestId: string }): Promise<boolean> {
    const maker = link.createdBy && this.auth ? await this.auth.users.userById(link.createdBy) : null;
    if (!maker || !maker.permissions.has(SHARE_PERMISSION)) return false;
    return this.requests.loadInScope(maker, link.requestId).then(
      () => true,
      () => false,
    );
  }

  private signature(linkId: string, finishedReportId: string, expires: number): string {
    return createHmac('sha256', this.reports?.secret ?? '')
      .update(`link-report\n${linkId}\n${finishedReportId}\n${expires}`)
      .digest('base64url');
  }

  /** The latest finished version of each exam whose report is released (not waiting for audit, not rejected). */
  private async releasedReports(
    rows: readonly { id: string; reportAuditStatus: string }[],
  ): Promise<Map<string, string>> {
    const released = rows.filter((e) => !UNRELEASED.has(e.reportAuditStatus)).map((e) => e.id);
    if (!this.reports || released.length === 0) return new Map();
    const latest = await this.repo.latestFinishedReports(released);
    return new Map(latest.flatMap((r) => (r.examId ? [[r.examId, r.id] as const] : [])));
  }

  /**
   * GET /api/link/{linkId}/report/{finishedReportId}?exp&sig (public): the released report of one of the link's exams,
   * reached only through the address the page got after its PIN was checked. Anything that does not hold — signature,
   * time, link, exam, release — is the same 404; every opening is audited.
   */
  async reportPdf(
    request: FastifyRequest,
    linkId: string,
    finishedReportId: string,
    expires: number,
    signature: string,
  ): Promise<{ stream: Readable; fileName: string }> {
    const notFound = () => requestError('LINK_REPORT_NOT_FOUND');
    const expected = Buffer.from(this.signature(linkId, finishedReportId, expires));
    const given = Buffer.from(signature);
    const signed = this.reports !== null && expected.length === given.length && timingSafeEqual(expected, given);
    const link = signed && expires > this.now().getTime() ? await this.repo.link(linkId) : undefined;
    const live =
      link && !link.revokedAt && link.expiresAt.getTime() > this.now().getTime() && (await this.makerMayShare(link));
    const row = live ? await this.repo.finishedReportOfRequest(finishedReportId, link.requestId) : undefined;
    const released =
      row &&
      (await this.releasedReports([{ id: row.examId, reportAuditStatus: row.audit }])).get(row.examId) ===
        finishedReportId;
    const principal =
      link && live && row && released && this.auth
        ? await this.auth.tokens.linkPrincipal(
            { linkId: link.id, createdBy: link.createdBy!, expiresAt: link.expiresAt },
            row.examId,
          )
        : null;
    if (!link || !row || !principal || !this.reports) {
      await this.audit.record(
        request,
        {
          action: 'link.report.refused',
          entityType: 'exportLink',
          entityId: link?.id ?? null,
          detail: { reason: 'not found, expired or not released' },
        },
        asLink(link?.id ?? null),
      );
      throw notFound();
    }
    await this.audit.record(
      request,
      {
        action: 'link.report',
        entityType: 'exportLink',
        entityId: link.id,
        patientId: row.patientId,
        detail: { finishedReportId },
      },
      asLink(link.id),
    );
    return this.reports.pdf(principal, row.examId, finishedReportId);
  }

  /**
   * The public page's data (no login): the patient name and each exam with a thumbnail address carrying a token of the
   * link's own, which opens that exam's images and export and nothing else. Unknown, revoked and expired links, and
   * links whose maker may no longer share the request, look the same (404); a wrong or missing PIN is a 403. Every
   * opening, refused or not, goes to the audit log as the link, with the caller's address.
   */
  async open(request: FastifyRequest, linkId: string, pin: string | undefined): Promise<PublicLink> {
    const link = await this.repo.link(linkId);
    const live = link && !link.revokedAt && link.expiresAt.getTime() > this.now().getTime();
    const r = live ? await this.repo.request(link.requestId) : undefined;
    if (!link || !live || !r || r.deletedAt || !(await this.makerMayShare(link))) {
      await this.audit.record(
        request,
        {
          action: 'link.open.refused',
          entityType: 'exportLink',
          entityId: link?.id ?? null,
          detail: { reason: 'unknown or expired' },
        },
        asLink(link?.id ?? null),
      );
      throw authError('LINK_NOT_FOUND');
    }
    let pinRight = !link.pinHash;
    if (link.pinHash && pin) {
      // Reserved before the PIN is checked, so parallel guesses cannot overshoot the policy.
      const attempt = this.attempts.begin([
        { key: `link:${link.id}`, policy: LINK_PIN_POLICIES.link, clearOnSuccess: true },
        { key: `link-address:${request.ip}`, policy: LINK_PIN_POLICIES.address },
      ]);
      try {
        pinRight = await verifyPassword(link.pinHash, pin);
      } catch (err) {
        attempt.cancelled();
        throw err;
      }
      if (pinRight) attempt.succeeded();
      else attempt.failed();
    }
    if (!pinRight) {
      await this.audit.record(
        request,
        {
          action: 'link.open.refused',
          entityType: 'exportLink',
          entityId: link.id,
          patientId: r.patientId,
          detail: { reason: pin ? 'wrong pin' : 'pin required' },
        },
        asLink(link.id),
      );
      throw requestError(pin ? 'LINK_PIN_WRONG' : 'LINK_PIN_REQUIRED');
    }
    await this.audit.record(
      request,
      {
        action: 'link.open',
        entityType: 'exportLink',
        entityId: link.id,
        patientId: r.patientId,
        detail: { requestId: r.id },
      },
      asLink(link.id),
    );
    const p = await this.repo.patient(r.patientId);
    const rows = await this.repo.examsOfRequest(r.id);
    const grant = { linkId: link.id, createdBy: link.createdBy!, expiresAt: link.expiresAt };
    const reportIds = await this.releasedReports(rows);
    const reportExpires = Math.min(this.now().getTime() + REPORT_URL_TTL_MS, link.expiresAt.getTime());
    const reportUrl = (examId: string) => {
      const id = reportIds.get(examId);
      if (!id) return null;
      return `/api/link/${encodeURIComponent(link.id)}/report/${id}?exp=${reportExpires}&sig=${this.signature(link.id, id, reportExpires)}`;
    };
    return {
      patientName: p ? [`${p.prefixTh ?? ''}${p.firstNameTh}`, p.lastNameTh].filter(Boolean).join(' ') : '',
      expiresAt: link.expiresAt.toISOString(),
      exams: await Promise.all(
        rows.map(async (e) => {
          const token = e.hasImage && this.auth ? (await this.auth.tokens.issueForLink(grant, e.id)).token : null;
          const q = `token=${encodeURIComponent(token ?? '')}`;
          const principal = token && this.images ? await this.auth!.tokens.linkPrincipal(grant, e.id) : null;
          const thumbnail = principal
            ? await this.images!.firstThumbnail(principal, e.id).catch(() => null)
            : e.studyInstanceUid && `/dicomweb/studies/${e.studyInstanceUid}/thumbnail`;
          return {
            modalityCode: e.modalityCode,
            accessionNumber: e.accessionNumber,
            examDate: e.examDate.toISOString(),
            description: e.description,
            hasImage: e.hasImage,
            thumbnailUrl: token && thumbnail ? `${thumbnail}${thumbnail.includes('?') ? '&' : '?'}${q}` : null,
            images:
              token && thumbnail
                ? {
                    token,
                    seriesUrl: `/api/exam/${e.id}/series?${q}`,
                    exportCheckUrl: `/dicom/export/${e.id}/check?${q}`,
                    exportUrl: `/dicom/export/${e.id}?${q}`,
                  }
                : null,
            reportUrl: reportUrl(e.id),
          };
        }),
      ),
    };
  }

  /** POST /api/request/link/{id}: a new link; 144 random bits make the id impossible to guess. */
  async create(
    user: CurrentUser,
    requestId: string,
    origin: string,
    opts: { expiresInDays?: number; pin?: string } = {},
  ): Promise<ExportLink> {
    const r = await this.requests.loadInScope(user, requestId);
    const id = randomBytes(18).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + (opts.expiresInDays ?? DEFAULT_DAYS) * 86_400_000);
    await this.repo.insertLink({
      id,
      requestId,
      createdBy: user.userId,
      expiresAt,
      pinHash: opts.pin ? await hashPassword(opts.pin) : null,
    });
    await this.audit.record(
      null,
      {
        action: 'request.link.create',
        entityType: 'request',
        entityId: requestId,
        patientId: r.patientId,
        detail: { expiresAt: expiresAt.toISOString(), pin: Boolean(opts.pin) },
      },
      { userId: user.userId, username: user.username },
    );
    return this.shape(id, requestId, r.patientId, origin, expiresAt, Boolean(opts.pin));
  }

  /** GET /api/request/link/{id}: the newest link of the request that still works. */
  async current(user: CurrentUser, requestId: string, origin: string): Promise<ExportLink> {
    const r = await this.requests.loadInScope(user, requestId);
    const row = await this.repo.currentLink(requestId, this.now());
    if (!row) throw requestError('REQUEST_LINK_MISSING');
    return this.shape(row.id, requestId, r.patientId, origin, row.expiresAt, Boolean(row.pinHash));
  }

  private async shape(
    linkId: string,
    requestId: string,
    patientId: string,
    origin: string,
    expiresAt: Date,
    hasPin: boolean,
  ): Promise<ExportLink> {
    const p = await this.repo.patient(patientId);
    const url = `${origin}/link/${linkId}`;
    const patientName = p ? [`${p.prefixTh ?? ''}${p.firstNameTh}`, p.lastNameTh].filter(Boolean).join(' ') : '';
    // qrcode carries the text the QR encodes; the browser draws it (the web bundle already has a QR encoder).
    return {
      linkId,
      requestId,
      linkHostUrl: url,
      qrcode: url,
      patientName,
      expiresAt: expiresAt.toISOString(),
      hasPin,
    };
  }
}
