import { randomUUID } from 'node:crypto';
import { actorOf, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { msg, render, type Language } from '../../i18n/catalogue';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ExamsService } from '../exams/exams.service';
import {
  buildWeasisManifest,
  type ManifestPatient,
  type ManifestSeries,
  type ManifestStudy,
  type WeasisManifest,
} from './weasis-manifest';
import type { ManifestRow, StudyExtras, WeasisRepository } from './weasis.repository';

export interface WeasisServiceDeps {
  repo: WeasisRepository;
  exams: Pick<ExamsService, 'load'>;
  audit: Pick<AuditService, 'record'>;
  /** A short-lived exam-scoped token for Weasis's WADO-URI requests (Weasis sends no cookie). */
  issueToken: IssueExamToken;
  /** arcId of the manifest: our AE title. */
  arcId: string;
}

/**
 * The Weasis manifest of an exam in the user's scope (ARCHITECTURE: /weasis/{examId}?token): the exam's stored
 * studies, series and instances, read by Weasis from our WADO-URI endpoint with an exam token. Called with an exam
 * token, the manifest carries that same token; called with a session, it carries a new one for this exam.
 */
export class WeasisService {
  constructor(private readonly deps: WeasisServiceDeps) {}

  async manifest(
    user: CurrentUser,
    examId: string,
    ctx: { wadoUrl: string; token?: string; language?: Language },
  ): Promise<string> {
    const say = (code: 'WEASIS_ARCHIVED' | 'WEASIS_NO_IMAGES') => render(msg(code), ctx.language ?? 'th');
    const exam = await this.deps.exams.load(user, examId);
    // Opened with this exam's Weasis token, the manifest hands the same token on; with a session, a new one.
    const reuse = user.token?.purpose === 'weasis' && user.scopeExamId === examId && ctx.token;
    const token = reuse ? ctx.token! : (await this.deps.issueToken(user, examId, 'weasis')).token;
    const base: Omit<WeasisManifest, 'patients'> = {
      uid: randomUUID(),
      arcId: this.deps.arcId,
      baseUrl: ctx.wadoUrl,
      additionalParameters: `&token=${encodeURIComponent(token)}`,
    };
    await this.deps.audit.record(
      null,
      { action: 'exam.weasisManifest', entityType: 'exam', entityId: exam.id, patientId: exam.patientId },
      actorOf(user)!,
    );
    const rows = exam.zipStatus === 'Archive' ? [] : await this.deps.repo.instancesOfExam(examId);
    if (exam.zipStatus === 'Archive' || rows.some((r) => r.cold)) {
      return buildWeasisManifest({
        ...base,
        patients: [],
        message: {
          title: 'Rangsi',
          description: say('WEASIS_ARCHIVED'),
          severity: 'WARN',
        },
      });
    }
    if (rows.length === 0) {
      return buildWeasisManifest({
        ...base,
        patients: [],
        message: { title: 'Rangsi', description: say('WEASIS_NO_IMAGES'), severity: 'INFO' },
      });
    }
    const extras = await this.deps.repo.studyExtras(examId);
    const fallbackName = [exam.lastName, exam.firstName].filter(Boolean).join('^');
    return buildWeasisManifest({
      ...base,
      patients: groupRows(rows, extras, { patientId: exam.hn, patientName: fallbackName }),
    });
  }
}

/** Patients (by PatientID and name as the files carry them) → studies → series → instances, in the rows' order. */
export function groupRows(
  rows: ManifestRow[],
  extras: Map<string, StudyExtras>,
  fallback: { patientId: string; patientName: string },
): ManifestPatient[] {
  const patients = new Map<string, ManifestPatient>();
  const studies = new Map<string, ManifestStudy>();
  const series = new Map<string, ManifestSeries>();
  for (const r of rows) {
    let study = studies.get(r.studyId);
    if (!study) {
      const extra = extras.get(r.studyId);
      const patientId = r.patientId ?? fallback.patientId;
      const patientName = r.patientName ?? fallback.patientName;
      const key = JSON.stringify([patientId, patientName]);
      let patient = patients.get(key);
      if (!patient) {
        patient = {
          patientId,
          patientName,
          issuerOfPatientId: extra?.issuerOfPatientId ?? null,
          patientBirthDate: r.patientBirthDate,
          patientSex: r.patientSex,
          studies: [],
        };
        patients.set(key, patient);
      }
      study = {
        studyInstanceUid: r.studyInstanceUid,
        studyDescription: r.studyDescription,
        studyDate: r.studyDate,
        studyTime: r.studyTime,
        accessionNumber: r.accessionNumber,
        studyId: extra?.studyIdAttribute ?? null,
        referringPhysicianName: r.referringPhysicianName,
        series: [],
      };
      studies.set(r.studyId, study);
      patient.studies.push(study);
    }
    let s = series.get(r.seriesId);
    if (!s) {
      s = {
        seriesInstanceUid: r.seriesInstanceUid,
        seriesDescription: r.seriesDescription,
        seriesNumber: r.seriesNumber,
        modality: r.modality,
        instances: [],
      };
      series.set(r.seriesId, s);
      study.series.push(s);
    }
    s.instances.push({
      sopInstanceUid: r.sopInstanceUid,
      sopClassUid: r.sopClassUid,
      instanceNumber: r.instanceNumber,
    });
  }
  return [...patients.values()];
}
