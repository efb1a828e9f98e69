import type { Readable } from 'node:stream';
import type {
  CreateReportTemplate,
  ExamFinishedReport,
  ExamReport,
  FinishReport,
  FinishReportResult,
  ReportContent,
  ReportDraft,
  ReportTemplate,
  SaveReportDraft,
} from '@rangsi/contract';
import {
  ageInYears,
  finishKind,
  nextReportKinds,
  radiologyReportName,
  reportAccess,
  type AuditStatus,
  type ExamStatus,
  type ReportKind,
} from '@rangsi/domain';
import { actorOf, type AuditActor, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import type { FileStore } from '../../storage/file-store';
import { examPatientName } from '../exams/exams.mapper';
import type { ExamsService } from '../exams/exams.service';
import { radiologyReportHtml, type RadiologyReportDocument } from './pdf/radiology-report';
import {
  cannotWrite,
  draftConflict,
  finishedIsImmutable,
  finishedReportNotFound,
  kindNotAllowed,
  noReportPermission,
  reportError,
  reportWaitingForAudit,
  unknownReportName,
  versionTaken,
} from './reports.errors';
import type { FinishedReportRecord, ReportsRepository, TemplateRecord } from './reports.repository';

type ExamRecord = Awaited<ReturnType<ExamsService['load']>>;
type Context = NonNullable<Awaited<ReturnType<ReportsRepository['examContext']>>>;

interface Opened {
  exam: ExamRecord;
  ctx: Context;
  access: ReturnType<typeof reportAccess>;
}

export interface ReportsDeps {
  exams: ExamsService;
  repo: ReportsRepository;
  files: FileStore;
  pdf: PdfRenderer;
  audit: AuditService;
  now: () => Date;
}

const EMPTY: ReportContent = { clinicalInformation: '', technique: '', findings: '', impression: '' };

/** The request's additional fields a report's clinical information starts from, in this order. */
export const REQUEST_CLINICAL_FIELDS = ['clinical_history', 'indication'] as const;

/**
 * The clinical information a new report starts with (issue 26 item 10): the request's clinical history and
 * indication as the requester typed them, one per line; '' when the request has neither.
 */
export function requestClinicalInformation(fields: Record<string, unknown> | null | undefined): string {
  return REQUEST_CLINICAL_FIELDS.map((id) => fields?.[id])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join('\n');
}

/** Stored content (jsonb) read back as the contract's shape, whatever an older row holds. */
function readContent(value: unknown): ReportContent {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (k: string) => {
    const x = v[k];
    return typeof x === 'string' ? x : '';
  };
  return {
    clinicalInformation: text('clinicalInformation'),
    technique: text('technique'),
    findings: text('findings'),
    impression: text('impression'),
    ...(typeof v.addendum === 'string' ? { addendum: v.addendum } : {}),
    ...(typeof v.templateId === 'string' ? { templateId: v.templateId } : {}),
  };
}

/**
 * The radiology report of an exam (issue 8): what the report screen shows, the autosaved draft, Finish (an immutable
 * version and its PDF, the exam's report columns and audit state), the saved PDFs, templates. Access is spec §5 on
 * top of the worklist's data scope: out of scope is 404 like the worklist's exams.
 */
export class ExamReportsService {
  constructor(private readonly deps: ReportsDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  /** The exam in scope and the user's access to its report; refuses those who may not open it. */
  private async open(user: CurrentUser, examId: string): Promise<Opened> {
    const exam = await this.deps.exams.load(user, examId);
    const ctx = await this.repo.examContext(examId);
    if (!ctx) throw reportError('REPORT_EXAM_NOT_FOUND');
    const access = reportAccess({
      user: { userId: user.userId, roleName: user.roleName, permissions: user.permissions },
      exam: {
        reviewerId: exam.reviewerId,
        status: exam.status,
        reportAuditStatus: exam.reportAuditStatus,
        reportCount: Number(ctx.reportCount),
      },
    });
    if (!access.canOpen) throw access.reason === 'waitingForAudit' ? reportWaitingForAudit() : noReportPermission();
    return { exam, ctx, access };
  }

  private static reportName(name: string): string {
    const known = radiologyReportName(name);
    if (!known) throw unknownReportName();
    return known;
  }

  /** GET /api/exam/{examId}/report/{name}: the definition, finished versions, the draft and templates. */
  async get(user: CurrentUser, examId: string, name: string, includeFinished = true): Promise<ExamReport> {
    const reportName = ExamReportsService.reportName(name);
    const { exam, ctx, access } = await this.open(user, examId);
    const finished = await this.repo.listFinished(examId, reportName);
    const [draft, templates] = access.canEdit
      ? await Promise.all([
          this.repo.getDraft(examId, reportName),
          this.repo.templatesFor(exam.modalityCode, user.userId),
        ])
      : [undefined, [] as TemplateRecord[]];
    await this.deps.audit.record(
      null,
      {
        action: 'report.read',
        entityType: 'exam',
        entityId: examId,
        patientId: exam.patientId,
        detail: { reportName },
      },
      who(user),
    );
    const latest = finished.at(-1)?.versionNo ?? 0;
    return {
      reportName,
      reportParameters: [
        { parameterName: 'examId', value: exam.id },
        { parameterName: 'examBranchId', value: String(exam.branchId) },
      ],
      finishedReports: includeFinished
        ? finished.map((r) => this.toFinished(r, exam, r.versionNo === latest)).reverse()
        : [],
      exam: {
        examId: exam.id,
        accessionNumber: exam.accessionNumber,
        hn: exam.hn,
        patientName: examPatientName(exam),
        age: ageInYears(exam.birthDate, exam.examDate),
        gender: exam.gender,
        modality: exam.modalityCode,
        description: exam.description,
        bodyPart: exam.bodyPart,
        examDate: exam.examDate.toISOString(),
        status: exam.status as ExamStatus,
        branchId: exam.branchId,
        branchName: ctx.branchName,
        clientName: ctx.clientName,
        referringPhysicianName: exam.referringPhysicianName,
        reviewerId: exam.reviewerId,
        reviewerName: ctx.reviewerName,
        reportAuditStatus: exam.reportAuditStatus as AuditStatus,
        latestMessage: exam.latestMessage,
        isCritical: exam.isCritical,
        version: exam.version,
      },
      draft: draft ? toDraft(draft) : null,
      latestContent: access.canEdit && finished.length > 0 ? readContent(finished.at(-1)!.content) : null,
      requestClinicalInformation: access.canEdit ? requestClinicalInformation(ctx.requestFields) : '',
      templates: sortTemplates(templates, exam.bodyPart).map((t) => toTemplate(t, user.userId)),
      access: {
        canEdit: access.canEdit,
        reason: access.reason ?? null,
        nextKinds: nextReportKinds(finished.map((r) => r.kind as ReportKind)),
        nextVersionNo: latest + 1,
      },
    };
  }

  /** PUT …/draft: the autosave. Only over the draft version the writer saw; a stale one is a 409 with the current draft. */
  async saveDraft(user: CurrentUser, examId: string, name: string, input: SaveReportDraft): Promise<ReportDraft> {
    const reportName = ExamReportsService.reportName(name);
    const { exam, access } = await this.open(user, examId);
    if (!access.canEdit) throw cannotWrite(access.reason);
    const stored = { ...input.content, isCritical: input.isCritical };
    const saved = await this.repo.saveDraft(examId, reportName, input.version, stored, user.userId);
    const current = await this.repo.getDraft(examId, reportName);
    if (!saved || !current) throw draftConflict(current ? toDraft(current) : null);
    // The draft is work in progress: its creation is audited, not every autosave after it (docs/decisions/rp5-draft-autosave-version-draft-start.md).
    if (input.version === 0) {
      await this.deps.audit.record(
        null,
        {
          action: 'report.draftStarted',
          entityType: 'exam',
          entityId: examId,
          patientId: exam.patientId,
          detail: { reportName },
        },
        who(user),
      );
    }
    return toDraft(current);
  }

  /**
   * POST …/finish: renders and stores the PDF first (ARCHITECTURE §4: the row is committed only once the file is
   * safe), then the version in one transaction that refuses a version already taken (two clicks make one report).
   */
  async finish(user: CurrentUser, examId: string, name: string, input: FinishReport): Promise<FinishReportResult> {
    const reportName = ExamReportsService.reportName(name);
    const { exam, ctx, access } = await this.open(user, examId);
    if (!access.canEdit) throw cannotWrite(access.reason);
    const finished = await this.repo.listFinished(examId, reportName);
    const latest = finished.at(-1)?.versionNo ?? 0;
    if (input.versionNo !== latest + 1) throw versionTaken(latest);
    const kind = finishKind(
      finished.map((r) => r.kind as ReportKind),
      input.kind,
    );
    if (!kind) throw kindNotAllowed();
    const content: ReportContent = { ...input.content };
    if (kind !== 'addendum') delete content.addendum;
    if (!content.impression.trim()) throw reportError('IMPRESSION_REQUIRED', { field: 'content.impression' });
    if (kind === 'addendum' && !content.addendum?.trim())
      throw reportError('ADDENDUM_REQUIRED', { field: 'content.addendum' });

    const finishedAt = this.deps.now();
    const versionNo = input.versionNo;
    const doc = await this.document(exam, ctx, {
      versionNo,
      kind,
      content,
      isCritical: input.isCritical,
      finishedAt,
      reporterId: user.userId,
      reporterName: user.displayName,
    });
    const stored = await this.deps.files.putBytes(await this.deps.pdf.render({ html: radiologyReportHtml(doc) }), {
      prefix: 'reports',
    });
    const auditStatus = ctx.reportAuditRequired ? 'WaitingForAudit' : '';
    const result = await this.repo.finish({
      examId,
      reportName,
      versionNo,
      row: {
        kind,
        content,
        pdfKey: stored.key,
        reporterId: user.userId,
        reporterName: user.displayName,
        createdAt: finishedAt,
        auditStatus,
        auditMessage: null,
        isCritical: input.isCritical,
      },
      examPatch: {
        status: kind === 'preliminary' ? exam.status : 'Completed',
        latestReporterId: user.userId,
        // A preliminary read, or text entered by someone other than the reader, is for the reader to check (RP4).
        isCheckReport: kind === 'preliminary' || (exam.reviewerId !== null && exam.reviewerId !== user.userId),
        isCritical: input.isCritical,
        reportAuditStatus: auditStatus,
      },
      previousAudit:
        latest > 0
          ? {
              status: exam.reportAuditStatus,
              message: exam.reportAuditStatus === 'Rejected' ? exam.latestMessage : null,
            }
          : null,
      event: {
        userId: user.userId,
        userName: user.displayName,
        action: 'reported',
        detail: [`ฉบับที่ ${versionNo} (${kind})`, input.isCritical ? 'ผลวิกฤต' : ''].filter(Boolean).join(' · '),
      },
    });
    if (result === 'conflict') {
      await this.deps.files.remove(stored.key).catch(() => undefined);
      throw versionTaken(await this.repo.latestVersionNo(examId, reportName));
    }
    await this.deps.audit.record(
      null,
      {
        action: 'report.finished',
        entityType: 'exam',
        entityId: examId,
        patientId: exam.patientId,
        detail: { reportName, versionNo, kind },
      },
      who(user),
    );
    const fresh = await this.deps.exams.load(user, examId);
    return { finishedReport: this.toFinished(result, fresh, true) };
  }

  /**
   * POST /ReportViewer/pacs {examId} (the report engine's frame): the draft as Finish would print it, marked as a
   * preview. Only for those who may write (the draft is theirs); the next version's number and kind.
   */
  async preview(
    user: CurrentUser,
    examId: string,
  ): Promise<{ doc: RadiologyReportDocument; patientId: string | null; accession: string | null }> {
    const reportName = ExamReportsService.reportName('pacs');
    const { exam, ctx, access } = await this.open(user, examId);
    if (!access.canEdit) throw cannotWrite(access.reason);
    const [finished, draft] = await Promise.all([
      this.repo.listFinished(examId, reportName),
      this.repo.getDraft(examId, reportName),
    ]);
    const kinds = finished.map((r) => r.kind as ReportKind);
    const kind = finishKind(kinds) ?? 'final';
    const content = draft
      ? readContent(draft.content)
      : finished.length
        ? readContent(finished.at(-1)!.content)
        : { ...EMPTY, clinicalInformation: requestClinicalInformation(ctx.requestFields) };
    const doc = await this.document(exam, ctx, {
      versionNo: (finished.at(-1)?.versionNo ?? 0) + 1,
      kind,
      content,
      isCritical: draft?.content.isCritical === true,
      finishedAt: this.deps.now(),
      reporterId: user.userId,
      reporterName: user.displayName,
    });
    return {
      doc: { ...doc, report: { ...doc.report, preview: true } },
      patientId: exam.patientId,
      accession: exam.accessionNumber,
    };
  }

  /** Any write to a finished version (spec §7 "changing a finished report"): refused, after the same checks as a read. */
  async editFinished(user: CurrentUser, examId: string, name: string, finishedReportId: string): Promise<never> {
    ExamReportsService.reportName(name);
    await this.open(user, examId);
    if (!(await this.repo.findFinished(examId, finishedReportId))) throw finishedReportNotFound();
    throw finishedIsImmutable();
  }

  /**
   * GET /ReportViewer/finishedReport/{examId}/{finishedReportId}: the saved PDF. A version stored without one (the
   * demo seed writes rows only) is printed once, on its first opening, from its stored text.
   */
  async finishedPdf(
    user: CurrentUser,
    examId: string,
    finishedReportId: string,
  ): Promise<{ stream: Readable; fileName: string }> {
    const { exam, ctx } = await this.open(user, examId);
    const row = await this.repo.findFinished(examId, finishedReportId);
    if (!row) throw finishedReportNotFound();
    let key = row.pdfKey;
    if (!key) {
      const doc = await this.document(exam, ctx, {
        versionNo: row.versionNo,
        kind: row.kind as ReportKind,
        content: readContent(row.content),
        isCritical: row.isCritical,
        finishedAt: row.createdAt,
        reporterId: row.reporterId,
        reporterName: row.reporterName,
      });
      const stored = await this.deps.files.putBytes(await this.deps.pdf.render({ html: radiologyReportHtml(doc) }), {
        prefix: 'reports',
      });
      if (await this.repo.setPdfKeyIfEmpty(row.id, stored.key)) key = stored.key;
      else {
        await this.deps.files.remove(stored.key).catch(() => undefined);
        key = (await this.repo.findFinished(examId, finishedReportId))?.pdfKey ?? '';
      }
    }
    await this.deps.audit.record(
      null,
      {
        action: 'report.pdfOpened',
        entityType: 'exam',
        entityId: examId,
        patientId: exam.patientId,
        detail: { reportName: row.reportName, versionNo: row.versionNo },
      },
      who(user),
    );
    const label = (exam.accessionNumber ?? exam.id).replace(/[^A-Za-z0-9_-]/g, '_');
    return { stream: await this.deps.files.open(key), fileName: `report-${label}-v${row.versionNo}.pdf` };
  }

  /** POST /api/report/templates: the writer keeps text as their own template. */
  async createTemplate(user: CurrentUser, input: CreateReportTemplate): Promise<ReportTemplate> {
    const access = reportAccess({
      user,
      exam: { reviewerId: user.userId, status: 'Accepted', reportAuditStatus: '', reportCount: 0 },
    });
    if (!access.canEdit) throw cannotWrite(access.reason);
    const row = await this.repo.createTemplate({
      name: input.name,
      language: input.language,
      modalityCode: input.modalityCode || null,
      bodyPart: input.bodyPart || null,
      content: input.content,
      ownerId: user.userId,
    });
    return toTemplate(row, user.userId);
  }

  /** The latest version's audit state is the exam's (approve/reject act on the exam); earlier ones keep what they had. */
  private toFinished(r: FinishedReportRecord, exam: ExamRecord, isLatest: boolean): ExamFinishedReport {
    const auditStatus = (isLatest ? exam.reportAuditStatus : r.auditStatus) as AuditStatus;
    return {
      finishedReportId: r.id,
      reportName: r.reportName,
      reporterName: r.reporterName,
      createDate: r.createdAt.toISOString(),
      versionNo: r.versionNo,
      kind: r.kind as ReportKind,
      auditStatus,
      auditMessage: isLatest ? (auditStatus === 'Rejected' ? exam.latestMessage : null) : r.auditMessage,
      isCritical: r.isCritical,
      pdfUrl: `/ReportViewer/finishedReport/${exam.id}/${r.id}`,
    };
  }

  private async document(
    exam: ExamRecord,
    ctx: Context,
    r: {
      versionNo: number;
      kind: ReportKind;
      content: ReportContent;
      isCritical: boolean;
      finishedAt: Date;
      reporterId: string | null;
      reporterName: string;
    },
  ): Promise<RadiologyReportDocument> {
    let signer: { name: string; licenseNo: string | null } | undefined;
    if (exam.reviewerId && ctx.reviewerName) signer = { name: ctx.reviewerName, licenseNo: ctx.reviewerLicenseNo };
    else if (r.reporterId) {
      const u = await this.repo.userSignature(r.reporterId);
      if (u) signer = { name: u.displayName, licenseNo: u.licenseNo };
    }
    const byReviewer = !exam.reviewerId || r.reporterId === exam.reviewerId;
    return {
      branch: { name: ctx.branchName, nameEn: ctx.branchNameEn, address: ctx.branchAddress, phone: ctx.branchPhone },
      patient: {
        name: examPatientName(exam),
        hn: exam.hn,
        age: ageInYears(exam.birthDate, exam.examDate),
        gender: exam.gender,
      },
      exam: {
        accessionNumber: exam.accessionNumber,
        description: exam.description,
        modality: exam.modalityCode,
        examDate: exam.examDate,
        referringPhysicianName: exam.referringPhysicianName,
        clientName: ctx.clientName,
      },
      report: {
        versionNo: r.versionNo,
        kind: r.kind,
        content: r.content,
        isCritical: r.isCritical,
        finishedAt: r.finishedAt,
        radiologist: signer ?? { name: r.reporterName, licenseNo: null },
        editedBy: byReviewer ? null : r.reporterName,
      },
    };
  }
}

function toDraft(d: NonNullable<Awaited<ReturnType<ReportsRepository['getDraft']>>>): ReportDraft {
  const c = d.content;
  return {
    content: { ...EMPTY, ...readContent(c) },
    isCritical: c.isCritical === true,
    version: d.version,
    updatedAt: d.updatedAt.toISOString(),
    updatedBy: d.updatedByName,
  };
}

function toTemplate(t: TemplateRecord, userId: string): ReportTemplate {
  const c = readContent(t.content);
  return {
    templateId: t.id,
    name: t.name,
    language: t.language,
    modalityCode: t.modalityCode,
    bodyPart: t.bodyPart,
    content: {
      clinicalInformation: c.clinicalInformation,
      technique: c.technique,
      findings: c.findings,
      impression: c.impression,
    },
    isOwn: t.ownerId === userId,
  };
}

/** The exam's body part first, then the user's own, Thai before English, by name. */
function sortTemplates(list: TemplateRecord[], bodyPart: string | null): TemplateRecord[] {
  const rank = (t: TemplateRecord) => (bodyPart && t.bodyPart === bodyPart ? 0 : t.bodyPart ? 2 : 1);
  return [...list].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(b.ownerId !== null) - Number(a.ownerId !== null) ||
      (a.language === b.language ? 0 : a.language === 'th' ? -1 : 1) ||
      a.name.localeCompare(b.name, 'th'),
  );
}

/** The audit actor: a person, a person's query token, or a film link (never the link's creator). */
function who(user: CurrentUser): AuditActor {
  return actorOf(user)!;
}
